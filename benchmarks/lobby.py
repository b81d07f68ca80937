"""The lobby read from PostgreSQL: one page of lines out of many tables (issue 18).

Run: ``.venv/bin/python benchmarks/lobby.py --database-url postgresql://...``

The database's schema is made afresh (``DROP SCHEMA public CASCADE``: give
it a database of its own). ``--tables`` tables (2,000 by default) are made
with their leases held by one process and a lobby line each, as a room of
several processes writes them; then the lobby's query (``Leases.lobby``,
the one every process runs for ``GET /api/tables``) is timed for pages at
the start, middle and end, interleaved with a bare ``SELECT 1`` round trip
on the same pool. Prints medians and p99 in milliseconds with the machine's
load; exits 1 when a page's median is over ``--goal-ms`` (50 by default).
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import time

import sqlalchemy as sa

from holdem.server import open_store
from holdem.server.config import TableSpec
from holdem.server.database import engine_url
from holdem.server.leases import Leases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--page", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--goal-ms", type=float, default=50.0)
    args = parser.parse_args()
    if not args.database_url.startswith("postgresql"):
        parser.error("--database-url must be PostgreSQL (the lobby of many processes)")
    fresh = sa.create_engine(
        engine_url(args.database_url), isolation_level="AUTOCOMMIT"
    )
    with fresh.connect() as db:
        db.execute(sa.text("DROP SCHEMA public CASCADE"))
        db.execute(sa.text("CREATE SCHEMA public"))
    fresh.dispose()
    store = open_store(
        args.database_url, now=lambda: datetime.datetime.now(datetime.UTC)
    )
    leases = Leases(
        store.engine, process="bench", address="/node/bench", ttl_seconds=60
    )
    leases.register()
    spec = TableSpec(name="Bench", seat_count=6).to_json()
    for _ in range(args.tables):
        store.create_table(
            spec, place=lambda db, made: leases.place(db, ("table", made), here=True)
        )
    line = {"name": "Bench", "seats_taken": 3, "seat_count": 6, "average_pot": 10}
    leases.write_summaries({key: {**line, "id": key[1]} for key in leases.held})
    with store.engine.begin() as db:  # as autovacuum would, after the bulk load
        db.execute(sa.text("ANALYZE"))

    middle, last = args.tables // 2, args.tables - args.page
    timings: dict[str, list[float]] = {"select 1": []}
    for after in (0, middle, last):
        timings[f"page after {after}"] = []
    for _ in range(args.rounds):  # interleaved: each kind sees the same load
        for name, samples in timings.items():
            started = time.perf_counter()
            if name == "select 1":
                with store.engine.connect() as db:
                    db.execute(sa.text("SELECT 1")).all()
            else:
                rows = leases.lobby(int(name.rsplit(" ", 1)[1]), args.page + 1)
                assert len(rows) == args.page + 1 or name.endswith(str(last))
            samples.append((time.perf_counter() - started) * 1000)
    store.engine.dispose()
    missed = False
    for name, samples in timings.items():
        samples.sort()
        median = statistics.median(samples)
        p99 = samples[int(len(samples) * 0.99) - 1]
        load = os.getloadavg()[0]
        print(
            f"{name:>18}: median {median:6.2f} ms, p99 {p99:6.2f} ms"
            f" ({args.tables} tables; load {load:.2f} on {os.cpu_count()} cores)"
        )
        if name != "select 1" and median > args.goal_ms:
            missed = True
    if missed:
        print(f"goal missed: a page's median over {args.goal_ms} ms")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
