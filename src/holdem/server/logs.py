"""The room's logs: one JSON line (or one console line) per event, on stderr.

The room logs through the standard library's ``logging``, under the
``holdem`` loggers, in two ways that come out alike:

- ``server_logger()`` gives a structlog logger over ``holdem.server``:
  ``log.warning("login-failed", name=..., address=...)``; the keyword
  arguments become the line's fields.
- plain ``logging.getLogger("holdem.server").error("table-fault",
  extra={"table_id": 3, "hand_id": 41})``; the ``extra`` fields become the
  line's fields the same way.

``configure_logging`` (``holdem serve`` calls it; nothing happens at import)
renders both through one structlog ``ProcessorFormatter``: JSON lines with
``event``, ``level``, ``logger``, ``timestamp`` (UTC, ISO 8601) and the
event's fields, and ``exception`` with the traceback for an error. The
events are listed in docs/operations.md. No event carries a password, a
session token or a hole card.
"""

from __future__ import annotations

import logging
import sys
from typing import Any, TextIO

import structlog
from structlog.typing import Processor

__all__ = [
    "FORMATS",
    "LEVELS",
    "LOGGER",
    "configure_logging",
    "formatter",
    "server_logger",
]

LOGGER = "holdem.server"
"""The name of the room's logger (a child of ``holdem``)."""
FORMATS = ("json", "console")
"""The line formats ``configure_logging`` renders."""
LEVELS = ("debug", "info", "warning", "error", "critical")
"""The levels ``holdem serve --log-level`` takes."""
_MARK = "_holdem_handler"


def _shared() -> list[Processor]:
    """The processors both kinds of record pass: level, logger, time."""
    return [
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]


def formatter(fmt: str = "json") -> logging.Formatter:
    """A ``logging`` formatter rendering every record as one line.

    Records from ``server_logger()`` keep their fields; other records (plain
    ``logging`` calls, uvicorn's, SQLAlchemy's) get their ``extra`` fields
    added, and their message as ``event``.

    Args:
        fmt: ``"json"`` (one JSON object a line) or ``"console"`` (key=value,
            for a person reading a terminal).

    Raises:
        ValueError: for another format.
    """
    if fmt not in FORMATS:
        raise ValueError(f"log format is one of {', '.join(FORMATS)}, got {fmt!r}")
    renderer: Processor
    if fmt == "json":
        renderer = structlog.processors.JSONRenderer(default=str)
    else:
        renderer = structlog.dev.ConsoleRenderer(colors=False)
    last: list[Processor] = [structlog.stdlib.ProcessorFormatter.remove_processors_meta]
    if fmt == "json":
        last.append(structlog.processors.format_exc_info)
    last.append(renderer)
    return structlog.stdlib.ProcessorFormatter(
        processors=last,
        foreign_pre_chain=[*_shared(), structlog.stdlib.ExtraAdder()],
        # a plain call's message with its "%s" arguments filled in
        use_get_message=True,
    )


def server_logger() -> Any:
    """The room's structlog logger over the ``holdem.server`` logger.

    Built with its own processors (``structlog.wrap_logger``), so it needs no
    global structlog configuration: without ``configure_logging`` its events
    go wherever ``logging`` sends the ``holdem`` records (nowhere below
    WARNING, by the standard library's default).
    """
    return structlog.wrap_logger(
        logging.getLogger(LOGGER),
        processors=[
            structlog.stdlib.filter_by_level,
            *_shared(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        wrapper_class=structlog.stdlib.BoundLogger,
    )


def configure_logging(
    fmt: str = "json", level: str = "info", stream: TextIO | None = None
) -> logging.Handler:
    """Send every log record to ``stream`` as one line each; the handler.

    The handler goes on the root logger (so uvicorn's and the libraries'
    warnings come out the same way); the ``holdem`` loggers log from
    ``level`` up, the others from WARNING. Calling it again replaces the
    handler it installed before. Process-wide: ``holdem serve`` calls it,
    ``create_app`` never does.

    Args:
        fmt: ``"json"`` or ``"console"``.
        level: the ``holdem`` loggers' level: ``debug``, ``info``,
            ``warning``, ``error`` or ``critical``.
        stream: where the lines go; ``sys.stderr`` by default.

    Raises:
        ValueError: for an unknown format or level.
    """
    if level not in LEVELS:
        raise ValueError(f"log level is one of {', '.join(LEVELS)}, got {level!r}")
    handler = logging.StreamHandler(sys.stderr if stream is None else stream)
    handler.setFormatter(formatter(fmt))
    setattr(handler, _MARK, True)
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, _MARK, False)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("holdem").setLevel(level.upper())
    return handler
