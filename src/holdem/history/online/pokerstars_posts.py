"""The posts of a PokerStars-style hand: blinds, antes, straddles, dead blinds.

``PostReader`` is a ``HandReader`` the PokerStars reader derives from: it
reads ``NAME: posts small blind $1`` and the like (``_post``), BetOnline's
``post dead``/``post now``/``ante processed`` (``_betonline_post``), and
once the stakes are known names BetOnline's dead posts for what they paid
(``_dead_posts``, R-TABLE-6).
"""

from __future__ import annotations

import dataclasses

from holdem.history.online.model import Post, PostKind
from holdem.history.online.reader import HandReader

__all__ = ["PostReader"]

# Enum members as module constants: in Python 3.11 each ``Kind.X`` is a
# class attribute lookup through the enum metaclass, on the hot lines
_SMALL_BLIND = PostKind.SMALL_BLIND
_DEAD_SMALL_BLIND = PostKind.DEAD_SMALL_BLIND
_POSTS = (
    ("posts small & big blinds ", PostKind.SMALL_AND_BIG_BLINDS),
    ("posts small blind ", PostKind.SMALL_BLIND),
    ("posts big blind ", PostKind.BIG_BLIND),
    ("posts the ante ", PostKind.ANTE),
    ("posts straddle ", PostKind.STRADDLE),
    ("posts dead small blind ", PostKind.DEAD_SMALL_BLIND),
)
# The posts above by the word after "posts", in their order
_POSTS_BY_WORD: dict[str, list[tuple[str, PostKind]]] = {}
for _prefix, _kind in _POSTS:
    _POSTS_BY_WORD.setdefault(_prefix.split(" ")[1], []).append((_prefix, _kind))
_BETONLINE_POSTS = (
    ("post dead ", PostKind.DEAD_SMALL_BLIND),
    ("post now ", PostKind.BIG_BLIND),
    ("ante processed ", PostKind.ANTE),
)


class PostReader(HandReader):
    """A ``HandReader`` that reads a seated player's posts."""

    def _post(self, player: str, what: str, rest: str, known: dict[str, int]) -> bool:
        """Reads ``posts ...`` (``what``) as ``_player_line`` would; whether it did.

        ``rest`` is ``what`` after ``posts ``; ``known`` is ``chips_known()``.
        A post it cannot name is left to ``_player_line`` (its error).
        """
        for prefix, post in _POSTS_BY_WORD.get(rest.split(" ", 1)[0], ()):
            if what.startswith(prefix):
                printed = what[len(prefix) :].split(" ", 1)[0]
                all_in = rest.endswith("and is all-in")
                if post is _SMALL_BLIND and any(
                    p.kind is _SMALL_BLIND for p in self.posts
                ):
                    # a small blind after the live one is a dead small
                    # blind, a missed blind paid back (R-TABLE-6)
                    post = PostKind.DEAD_SMALL_BLIND
                chips = known.get(printed)
                if chips is None:
                    chips = self.chips(printed)
                line = self.hand.line + self.index
                self.posts.append(Post(player, post, chips, all_in, line))
                return True
        return False

    def _betonline_post(self, player: str, what: str, rest: str) -> bool:
        """Reads BetOnline's ``post dead X`` and the like; whether it was one.

        ``rest`` is ``what`` after its first word. A post of nothing is
        passed over (read, not recorded).
        """
        for prefix, post in _BETONLINE_POSTS:
            if what.startswith(prefix):
                amount = self.chips(what[len(prefix) :].split(" ", 1)[0])
                if amount:
                    all_in = rest.endswith("and is all-in")
                    line = self.hand.line + self.index
                    self.posts.append(Post(player, post, amount, all_in, line))
                return True
        return False

    def _dead_posts(self, small_blind: int, big_blind: int) -> None:
        """BetOnline's ``post dead X``: the big blind is a live big blind.

        A returning player posts the big blind (live: he may check, R-TABLE-6)
        or both blinds (the small one dead); only a small blind's worth is a
        dead small blind.
        """
        for i, post in enumerate(self.posts):
            if post.kind is not _DEAD_SMALL_BLIND or post.is_all_in:
                continue
            if post.chips == big_blind:
                self.posts[i] = dataclasses.replace(post, kind=PostKind.BIG_BLIND)
            elif post.chips == small_blind + big_blind:
                kind = PostKind.SMALL_AND_BIG_BLINDS
                self.posts[i] = dataclasses.replace(post, kind=kind)
