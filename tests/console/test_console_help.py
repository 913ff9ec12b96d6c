"""The console's own help: every line of it that scripts chance is one the games read, and
each game whose chance a replay can script has its example there, in both languages."""

from __future__ import annotations

import pytest

from bot.console.interactive import CONSOLE_HELP
from bot.games.registry import GAMES, TABLE_GAMES


def _readers(directive: str, text: str) -> set[str]:
    """The games that read `text` after `directive` as a script of their chance."""
    found = set()
    for key, table in TABLE_GAMES.items():
        named = table.scripts.get(directive)
        if named is None:
            continue
        try:
            named.check(text)
        except ValueError:
            continue
        found.add(key)
    if directive == "@dice":
        for key, game in GAMES.items():
            if key in found or directive in getattr(TABLE_GAMES.get(key), "scripts", {}):
                continue
            try:
                game.script(text)
            except ValueError:
                continue
            found.add(key)
    return found


@pytest.mark.parametrize("locale", sorted(CONSOLE_HELP))
def test_the_help_shows_how_to_script_every_game(locale: str) -> None:
    scripted: dict[str, set[str]] = {}
    for line in CONSOLE_HELP[locale].splitlines():
        words = line.strip().split(" ", 1)
        if words[0] not in ("@dice", "@deal"):
            continue
        # The example runs to two spaces, where its explanation starts.
        example = words[1].split("  ")[0].strip()
        readers = _readers(words[0], example)
        assert readers, f"no game reads {line.strip()!r}"
        for game in readers:
            scripted.setdefault(game, set()).add(line.strip())
    assert set(scripted) == set(GAMES), set(GAMES) - set(scripted)


def test_both_languages_list_the_same_lines() -> None:
    def directives(text: str) -> list[str]:
        return [
            line.split()[0] for line in text.splitlines() if line.strip().startswith(("@", "/"))
        ]

    assert directives(CONSOLE_HELP["ja"]) == directives(CONSOLE_HELP["en"])
