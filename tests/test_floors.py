"""The house's floors: each package of `bot/` imports only from the floors below it (and from
itself), so that no arrow runs back up (docs/architecture.md). Read from the code's own
imports, as anyone can with `python -m ast`; a deferred import inside a function counts too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

BOT = Path(__file__).parents[1] / "bot"

FLOORS: tuple[frozenset[str], ...] = (
    frozenset({"words", "fairness", "config", "collector"}),
    frozenset({"games"}),
    frozenset({"village"}),
    frozenset({"storage", "chat"}),
    frozenset({"console", "discord_adapter"}),
    frozenset({"cli"}),
    frozenset({"__main__"}),
)
"""From the ground up: what the bot says; the games; the village; its storage and its chat;
the places it is played; the command line."""

GAME_SEAM = frozenset({"api", "registry", "day", "chat_text", "table_settings"})
"""What of `bot.games` the rest of the house may name: the API and the registry, never a
game's own package."""


def floor(package: str) -> int:
    return next(n for n, room in enumerate(FLOORS) if package in room)


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(BOT.rglob("*.py")):
        parts = path.relative_to(BOT).with_suffix("").parts
        yield ".".join(("bot", *parts)).removesuffix(".__init__"), path


def imports(path: Path, module: str) -> Iterator[str]:
    """Every module of `bot` that `path` imports, relative imports resolved."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name.startswith("bot"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            if name.startswith("bot"):
                yield name
                # `from bot.games import greed` names the package `bot.games.greed`.
                yield from (f"{name}.{alias.name}" for alias in node.names)


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__main__"


ALL = list(modules())


def test_every_package_has_a_floor() -> None:
    for module, _ in ALL:
        package = package_of(module)
        if module != "bot":
            assert any(package in room for room in FLOORS), f"{module}: no floor for {package}"


@pytest.mark.parametrize(("module", "path"), ALL, ids=[m for m, _ in ALL])
def test_no_arrow_runs_back_up(module: str, path: Path) -> None:
    if module == "bot":
        return
    here = floor(package_of(module))
    for target in imports(path, module):
        package = package_of(target)
        if package == package_of(module) or target == "bot":
            continue
        if not any(package in room for room in FLOORS):
            continue  # a name imported from a package's face, not a module
        assert floor(package) < here, f"{module} imports {target}, on a floor above or beside"


@pytest.mark.parametrize(("module", "path"), ALL, ids=[m for m, _ in ALL])
def test_no_game_is_named_outside_the_games_but_by_the_command_line(
    module: str, path: Path
) -> None:
    """The village and the chat reach every game through the API and the registry; only
    the command line's engine tools (`greedbot score`, `greedbot odds`) use Greed's rules
    directly, as a library."""
    if package_of(module) in ("games", "cli"):
        return
    for target in imports(path, module):
        parts = target.split(".")
        if parts[:2] == ["bot", "games"] and len(parts) > 2:
            assert parts[2] in GAME_SEAM, f"{module} names the game module {target}"


def test_a_game_names_no_other_game() -> None:
    games = {p.name for p in (BOT / "games").iterdir() if (p / "__init__.py").exists()}
    for module, path in ALL:
        parts = module.split(".")
        if parts[:2] != ["bot", "games"] or len(parts) < 3 or parts[2] not in games:
            continue
        for target in imports(path, module):
            other = target.split(".")
            if other[:2] == ["bot", "games"] and len(other) > 2 and other[2] in games:
                assert other[2] == parts[2], f"{module} imports another game: {target}"


def test_the_api_names_no_game_and_nothing_above_the_words() -> None:
    for module in ("bot.games.api", "bot.games.day"):
        path = BOT / "games" / f"{module.rsplit('.', 1)[1]}.py"
        for target in imports(path, module):
            assert target.split(".")[1] in ("games", "words", "fairness"), (module, target)
            assert target.split(".")[:3] != ["bot", "games", "greed"], (module, target)


STORE_DOOR = "bot.storage.opening"
"""The one way into storage: `open_store(url)`. What builds a store is storage's own."""
STORE_MAKERS = frozenset({"bot.storage.store", "bot.storage.memory", "bot.storage.memory.store"})


@pytest.mark.parametrize(("module", "path"), list(modules()))
def test_a_store_is_opened_only_by_open_store(module: str, path: Path) -> None:
    if module.startswith("bot.storage"):
        return
    named = set(imports(path, module))
    builds = sorted(
        n for n in named if n in STORE_MAKERS or n.endswith((".SqlStore", ".MemoryStore"))
    )
    assert not builds, f"{module} builds a store itself ({builds}): use {STORE_DOOR}.open_store"
    source = path.read_text(encoding="utf-8")
    assert "SqlStore" not in source and "MemoryStore" not in source, module


STORE_CALL = re.compile(r"\.store\.(\w+)\(")
"""A call on the whole store (`core.store.get_table(...)`)."""


@pytest.mark.parametrize(("module", "path"), list(modules()))
def test_each_part_of_the_village_asks_the_store_through_a_port_by_name(
    module: str, path: Path
) -> None:
    """A part of the village reads and writes through the narrow port it needs
    (`core.table_log`, `core.ledger`, …), so that what each part uses shows at the call and
    its type holds it to that port. Only the core opens units of work on the whole store."""
    if not module.startswith("bot.village") or module == "bot.village.core":
        return
    source = path.read_text(encoding="utf-8")
    whole = sorted(set(STORE_CALL.findall(source)))
    assert not whole, f"{module} calls the whole store ({whole}): ask the port by name"


def test_a_call_on_the_whole_store_would_be_found() -> None:
    assert STORE_CALL.findall("await unit.store.append_table(append)") == ["append_table"]
    assert not STORE_CALL.findall("await unit.table_log.append_table(append)")
