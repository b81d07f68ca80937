"""A sit-and-go with five bots in a real browser, from the lobby to the ledger.

A new user registers, creates a six-seat sit-and-go with five bots from the
lobby, registers for it (which fills and starts it), is followed to the
table, plays (all-in whenever a raise is offered) until out or the winner,
and finds the place and the prize in the wallet's ledger. Chromium and the
room as in ``test_room_browser`` (Debian's ``/usr/bin/chromium``,
``holdem serve`` on loopback).
"""

from __future__ import annotations

import re
import time

import pytest
from test_room_browser import ARGS, ARTIFACTS, CHROMIUM, LAPTOP, room, sync_api

from holdem.tournament import place_prizes, split_prize

__all__ = ["room"]  # the fixture, shared

pytestmark = [
    pytest.mark.server,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian's chromium at /usr/bin/chromium (apt install chromium)",
    ),
]

# first offered wins; a raise is made all-in (the "All-in" preset) first
SIMPLE = ("post", "call", "check", "show")


def test_sit_and_go_with_bots_from_the_lobby_to_the_ledger(room: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(
            viewport=LAPTOP,
            locale="en-US",
            bypass_csp=True,  # the test's waits eval
        ).new_page()
        page.goto(f"{room}/#/login")
        page.fill("#login-form input[name=name]", "zoe")
        page.fill("#login-form input[name=password]", "correct horse")
        page.click("#login-form button[name=register]")
        page.wait_for_selector("#tables tr")
        start = page.request.get(f"{room}/api/me").json()["player"]["balance"]

        page.click("#create-tournament summary")
        page.fill("#create-tournament-form input[name=name]", "Zoe's six")
        page.select_option("#create-tournament-form select[name=speed]", "hyper")
        page.fill("#create-tournament-form input[name=bots]", "5")
        page.click("#create-tournament-form button[type=submit]")
        page.wait_for_selector("#register")
        assert "Registering" in page.inner_text("#tournament")
        assert "5/6" in page.inner_text("#tournament")
        page.screenshot(path=ARTIFACTS / "11-sng-registering-laptop.png")
        tid = int(re.search(r"#/tournament/(\d+)", page.url).group(1))  # type: ignore[union-attr]

        page.click("#register")  # the sixth entry: the sit-and-go starts
        page.wait_for_selector(".seat.me")  # the page followed to the table
        page.wait_for_selector("#table-tournament:not([hidden])")
        assert "Level 1: 10/20" in page.inner_text("#table-tournament")

        deadline = time.monotonic() + 300
        shot = False
        while True:
            lobby = page.request.get(f"{room}/api/tournaments/{tid}").json()
            if lobby["you"]["place"] is not None:
                break
            assert time.monotonic() < deadline, "zoe neither won nor went out"
            offered = page.eval_on_selector_all(
                "#decision button[data-action]",
                "nodes => nodes.map(n => n.dataset.action)",
            )
            if not shot and offered:
                page.screenshot(path=ARTIFACTS / "12-sng-table-laptop.png")
                shot = True
            raise_ = next((a for a in ("raise", "bet") if a in offered), None)
            choice = raise_ or next((a for a in SIMPLE if a in offered), None)
            if choice is None:
                page.wait_for_timeout(200)
                continue
            if raise_ is not None and page.locator("#decision .presets").count():
                page.click("#decision .presets button:last-child")  # All-in
            page.click(f"#decision button[data-action='{choice}']")
            page.wait_for_timeout(300)
        place, prize = lobby["you"]["place"], lobby["you"]["prize"]
        (tied,) = [r["players"] for r in lobby["results"] if r["place"] == place]
        shared = sum((*place_prizes(600, 6), 0, 0, 0, 0, 0)[place - 1 :][: len(tied)])
        assert prize == split_prize(shared, tied)["zoe"]  # R-TOURN-5

        page.goto(f"{room}/#/wallet")
        row = page.wait_for_selector(".ledger-row[data-reason='tournament-prize']")
        assert row is not None
        text = row.inner_text()
        assert "Tournament prize" in text and f"tournament #{tid}" in text
        assert f"place {place}" in text and str(prize) in text
        page.screenshot(path=ARTIFACTS / "13-sng-ledger-laptop.png")
        balance = page.request.get(f"{room}/api/me").json()["player"]["balance"]
        assert balance == start - 110 + prize
        browser.close()
