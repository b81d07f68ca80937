"""Command-line interface: ``holdem replay|evaluate|equity`` (I/O lives here)."""

__all__: list[str] = []
