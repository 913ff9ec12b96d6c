"""Pips: a toy day game, in this one folder plus its registration.

Each player plays alone, once a day: `[[pips]]` rolls one die from the day's seed, and the
pips are the day's points. What the village's day commands ask of a day game (the odds,
a score of faces, a day's record checked and counted) is answered here, small.
"""

from tests.toys.pips.day import DAY
from tests.toys.pips.game import GAME, PipsDay

__all__ = ["DAY", "GAME", "PipsDay"]
