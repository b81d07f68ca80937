"""iPoker games read by pattern agree with the XML parser (the oracle)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from online_real_files import DATA

from holdem.history.online import decode
from holdem.history.online.ipoker import PARSER
from holdem.history.online.ipoker_game import from_tree, scan

GAME = """\
<game gamecode="7">
 <general>
  <startdate>2011-07-22 17:31:11</startdate>
  <players>
   <player seat="3" name="A b" chips="$2" dealer="1" win="$0.30" bet="$0.10" />\
<player seat="5" name="C" chips="$1" dealer="0" win="$0" bet="$0.20" />
  </players>
 </general>
 <round no="0">
 <action no="2" player="C" type="2" sum="$0.10" cards="[cards]"/>\
<action no="1" player="A b" type="1" sum="$0.05" cards="[cards]"/>
 </round>
 <round no="1">
 <cards type="Pocket" player="A b">HQ S10</cards>\
<action no="3" player="A b" type="3" sum="$0.05" cards=""/>
 </round>
</game>"""


def test_scan_reads_the_plain_shape_as_the_xml_parser_does() -> None:
    scanned = scan(GAME)
    assert scanned is not None
    assert scanned == from_tree(ElementTree.fromstring(GAME))
    gamecode, players, items = scanned
    assert gamecode == "7"
    assert players[0] == ("3", "A b", "$2", "1", "$0.30")
    assert items[3] == ("<r", "1", "", "", "", "", "", "", "", "")
    assert items[4] == ("", "", "<c", "Pocket", "A b", "HQ S10", "", "", "", "")
    assert items[5] == ("", "", "", "", "", "", "3", "A b", "3", "$0.05")


@pytest.mark.parametrize(
    "change",
    [
        ('name="C"', 'name="C&amp;D"'),  # a reference to decode
        ('name="C"', 'name="C\tD"'),  # a tab, read as a space
        ('seat="5" name="C"', 'name="C" seat="5"'),  # another order
        ('<round no="1">', '<round no="1"><note/>'),  # another element
        ("HQ S10", "HQ ]]> S10"),  # text the XML parser refuses
        ('sum="$0.05" cards=""/>', 'sum="$0.05" cards=""/><'),  # not well formed
    ],
)
def test_scan_leaves_any_other_shape_to_the_xml_parser(
    change: tuple[str, str],
) -> None:
    assert change[0] in GAME
    assert scan(GAME.replace(*change, 1)) is None


def test_scan_agrees_with_the_xml_parser_on_every_recorded_game() -> None:
    paths = sorted((DATA / "iPoker").rglob("*"))
    if not paths:
        pytest.skip(f"real hand histories not found at {DATA / 'iPoker'}")
    scanned = 0
    for path in paths:
        text = decode(path.read_bytes()) if path.is_file() else ""
        if not PARSER.matches(text):
            continue
        for hand in PARSER.split(text, str(path)):
            game = "\n".join(hand.lines[1:])
            found = scan(game)
            if found is not None:
                scanned += 1
                assert found == from_tree(ElementTree.fromstring(game)), hand.line
    assert scanned > 300  # nearly every recorded game is in the plain shape
