"""The fair chance source: every outcome derived from the table's committed secret seed."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.api import ChanceContext, ChanceRequest, Outcome


class FairChance:
    """The only chance the Discord bot uses: nobody can choose an outcome after the
    commitment, and anyone can derive it again once the seed is revealed."""

    def draw(
        self,
        game: str,
        request: ChanceRequest,
        context: ChanceContext,
        fair: Callable[[], Outcome],
    ) -> tuple[Outcome, bool]:
        return fair(), False
