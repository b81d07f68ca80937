"""``python -m holdem``: the same command line as ``holdem``."""

from holdem.cli.main import main

if __name__ == "__main__":
    main()
