"""Chips written as money: ``Money("USD")`` turns 50 chips (cents) into ``$0.50``.

Chips are ints everywhere; only the text formats (online-room text, the
command line) write them as money, with the chip unit given here.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem.errors import InvalidInputError

__all__ = ["CURRENCIES", "Money"]

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}

CURRENCIES = tuple(_SYMBOLS)
"""The codes written with their sign (``$0.50``), which the online readers
read back; another code is written after the amount (``0.50 XYZ``), which no
room prints and ``holdem replay`` does not read."""


@dataclass(frozen=True, slots=True)
class Money:
    """How chips are written: as money in a currency, or as plain chips.

    Attributes:
        currency: ISO code (``"USD"``, ``"EUR"``, ``"GBP"`` get their symbol;
            any other code is written after the amount), or ``None`` for
            plain chips (tournaments, play money).
        unit: chips per unit written, a power of ten: 100 means chips are
            cents (``$0.50``, or ``0.50`` with no currency). By default 100
            with a currency and 1 without (plain chips).

    Raises:
        InvalidInputError: for a unit that is not a positive power of ten.

    >>> Money("USD").format(50), Money("USD").format(500), Money(None).format(500)
    ('$0.50', '$5', '500')
    >>> Money(None, 100).format(50)
    '0.50'
    """

    currency: str | None = "USD"
    unit: int | None = None

    def __post_init__(self) -> None:
        if self.unit is None:
            object.__setattr__(self, "unit", 1 if self.currency is None else 100)
        text = str(self.unit) if type(self.unit) is int else ""
        if not (text.startswith("1") and set(text[1:]) <= {"0"}):
            raise InvalidInputError(
                f"the chip unit must be a power of ten (1, 10, 100...), got"
                f" {self.unit!r}"
            )

    def format(self, chips: int) -> str:
        """``chips`` as text: ``$1.25``, ``$5`` (whole units), ``125``, ``1.25``."""
        unit = self.unit or 1
        digits = len(str(unit)) - 1
        whole, part = divmod(chips, unit)
        amount = str(whole) if part == 0 else f"{whole}.{part:0{digits}d}"
        if self.currency is None:
            return amount
        symbol = _SYMBOLS.get(self.currency)
        return f"{symbol}{amount}" if symbol else f"{amount} {self.currency}"
