"""How a table game's commands may be typed (gleek.md §5): by their Japanese names and keys,
and with values in order without keys; what does not fit is refused or is no command."""

from __future__ import annotations

import pytest

from bot.chat.parse import parse_message
from bot.village import registry
from bot.village.core import Refusal
from bot.village.requests import CommandRequest


def resolved(text: str) -> tuple[str, dict[str, str]] | None:
    request = parse_message(text)
    assert isinstance(request, CommandRequest), text
    found = registry.resolve(request)
    if found is None:
        return None
    command, typed = found
    return command.path, typed.args


@pytest.mark.parametrize(
    ("text", "path", "args"),
    [
        ("/gleek bid 13", "gleek bid", {"amount": "13"}),
        ("/gleek bid amount:13", "gleek bid", {"amount": "13"}),
        ("/gleek 入札 額:13", "gleek bid", {"amount": "13"}),
        ("/gleek 入札 額：１３", "gleek bid", {"amount": "13"}),  # full-width, NFKC
        ("/gleek 入札 13", "gleek bid", {"amount": "13"}),
        ("/gleek new 6 24", "gleek new", {"deals": "6", "deadline": "24"}),
        ("/gleek 新規 回数:6 期限:off", "gleek new", {"deals": "6", "deadline": "off"}),
        ("/gleek new 持ち時間:5", "gleek new", {"deadline": "5"}),
        # Values without keys come first; a key's value runs to the next key.
        ("/gleek new 9 deadline:5", "gleek new", {"deals": "9", "deadline": "5"}),
        (
            "/gleek discard QH, JH、QC・JC TC 9C 4D",
            "gleek discard",
            {"cards": "QH, JH、QC・JC TC 9C 4D"},
        ),
        (
            "/gleek 捨てる 札:QH JH QC JC TC 9C 4D",
            "gleek discard",
            {"cards": "QH JH QC JC TC 9C 4D"},
        ),
        ("/gleek 出す ♥Q", "gleek play", {"card": "♥Q"}),
        ("/gleek 出す 札:10♠", "gleek play", {"card": "10♠"}),
        ("/gleek log 2", "gleek log", {"deal": "2"}),
        ("/gleek 記録 回:2", "gleek log", {"deal": "2"}),
        ("/gleek verify 卓:3", "gleek verify", {"table": "3"}),
        ("/gleek 中止 理由:Cid: had to go", "gleek abandon", {"reason": "Cid: had to go"}),
        ("/gleek skip", "gleek skip", {}),
        ("/gleek パス", "gleek pass", {}),
        ("/gleek チップ表", "gleek score", {}),
    ],
)
def test_a_command_typed_any_of_its_ways_is_the_same_command(
    text: str, path: str, args: dict[str, str]
) -> None:
    assert resolved(text) == (path, args)


def test_more_values_than_a_command_takes_are_refused_naming_the_rest() -> None:
    with pytest.raises(Refusal) as refused:
        resolved("/gleek log 2 3")
    assert refused.value.key == "too_many_values"
    assert refused.value.params == {"command": "gleek log", "values": "3", "takes": 1}
    with pytest.raises(Refusal):
        resolved("/gleek hand me")
    # A move's value is read by the game, which refuses two cards or two amounts itself.
    assert resolved("/gleek play QH KH") == ("gleek play", {"card": "QH KH"})


def test_only_a_game_that_takes_values_in_order_reads_them_so() -> None:
    # Ducks names its values (`/ducks promote dice:5 5`): words after its command name are
    # no command, as before.
    assert resolved("/ducks promote dice:5 5") == ("ducks promote", {"dice": "5 5"})
    assert resolved("/ducks promote 5 5") is None
    assert resolved("/gleek dance") is None
    assert resolved("/greed status") == ("greed status", {})


# -- one rule for every group: the Japanese names Discord shows work typed as text -----------


def _ja(key: str) -> str:
    from bot.chat.render import catalog

    return catalog("ja")[key]


def _typed_ja(command: registry.Command) -> str:
    """The command as a Japanese player reads it in Discord's list, typed as text: its
    group's, subgroup's and own Japanese names."""
    words = command.name.split()
    shown = [_ja(f"slash.{command.group}")]
    if len(words) == 2:
        shown.append(_ja(f"slash.{words[0]}"))
    shown.append(_ja(f"slash.{command.group}.{command.name}"))
    return "/" + " ".join(shown)


@pytest.mark.parametrize("command", registry.COMMANDS, ids=lambda c: c.path)
def test_every_command_works_by_its_japanese_name(command: registry.Command) -> None:
    found = resolved(_typed_ja(command))
    assert found is not None and found[0] == command.path, _typed_ja(command)


@pytest.mark.parametrize(
    ("command", "argument"),
    [(c, a) for c in registry.COMMANDS for a in c.arguments],
    ids=lambda value: getattr(value, "path", None) or getattr(value, "name", ""),
)
def test_every_argument_key_works_by_its_japanese_name(
    command: registry.Command, argument: registry.Argument
) -> None:
    from bot.chat.render import catalog

    ja = catalog("ja")
    own = f"arg.{command.group}.{argument.name}"
    key = ja[own] if own in ja else ja[f"arg.{argument.name}"]
    found = resolved(f"/{command.group} {command.name} {key}:1")
    assert found is not None and found[1] == {argument.name: "1"}, (command.path, key)


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("/greed 状態", "greed status"),
        ("/GREED 状況 プレイヤー:bob", "greed status"),
        ("/グリード メモ", "greed memo"),
        ("/村 順位 ゲーム:ducks", "village standings"),
        ("/village 日 次の日へ", "village day next"),
        ("/ducks 着席", "ducks join"),
        ("/ダックス 昇格 組:5 5", "ducks promote"),
        ("/gleek 状況", "gleek status"),
        ("/regidice 状態", "regidice status"),
    ],
)
def test_japanese_names_work_the_same_in_every_group(text: str, path: str) -> None:
    found = resolved(text)
    assert found is not None and found[0] == path


def test_a_japanese_name_of_another_group_is_no_command() -> None:
    # 入札 is Gleek's bid: at a Ducks table it names nothing, and is refused as unknown.
    assert resolved("/ducks 入札 13") is None
    assert resolved("/greed 着席") is None


@pytest.mark.parametrize(
    ("text", "path"),
    [
        # At a Ducks table 中止 ends a turn, typed as a message or as a command alike; the
        # table itself is closed by another name.
        ("/ducks 中止", "ducks stop"),
        ("/ducks 打ち切り 理由:x", "ducks abandon"),
        ("/ducks 卓を閉じる 理由:x", "ducks abandon"),
        ("/gleek 中止 理由:x", "gleek abandon"),
        ("/regidice 中止 理由:x", "regidice abandon"),
    ],
)
def test_a_japanese_name_means_one_thing_at_a_table(text: str, path: str) -> None:
    found = resolved(text)
    assert found is not None and found[0] == path
