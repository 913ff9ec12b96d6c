"""`greedbot score` and `greedbot odds`."""

import json
import subprocess
import sys

import pytest

from bot.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse exits for its own errors
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json_for_a_greed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "score", "--json", "$", "G", "R", "Eg", "Eb", "D")
    assert code == 0
    result = json.loads(out)
    assert result["points"] == 1000
    assert result["sweep"] is True and result["greed_out"] is False
    assert result["takes"] == [
        {"count": 6, "points": 1000, "dice": ["$", "G", "R", "Eg", "Eb", "D"]}
    ]
    assert result["legal_roll_counts"] == [6]


def test_score_json_lists_every_legal_take(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "score", "--json", "$", "eg", "EG", "d", "g", "g")
    assert code == 0
    result = json.loads(out)
    assert result["points"] == 200 and not result["sweep"]
    assert [(t["count"], t["points"]) for t in result["takes"]] == [(1, 100), (2, 150), (3, 200)]
    assert result["legal_roll_counts"] == [3, 4, 5]


def test_score_json_for_a_greed_out(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_cli(capsys, "score", "--json", "$ R Eg Eb Eg R")
    result = json.loads(out)
    assert result["greed_out"] is True and result["points"] == 0
    assert result["takes"] == [] and result["legal_roll_counts"] == []


def test_score_text_names_the_take_and_the_next_throws(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "score", "$", "Eg", "Eg", "D", "G", "G")
    assert code == 0
    assert "best:       200" in out
    assert "set aside 3: G G D" in out
    assert "next throw: 3, 4, 5 dice, or Turn End" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "X"], "unknown face 'X'"),
        (["score", "G", "G", "G", "G", "G", "G", "G"], "1 to 6 dice, not 7"),
        (["odds", "--dice", "3", "--points", "-50"], "cannot be negative"),
        (["odds", "--dice", "7", "--points", "0"], "--dice must be 1 to 6"),
        (["odds", "--dice", "3", "--points", "30"], "steps of 50"),
        (["odds", "--dice", "3"], "go together"),
        (["odds", "--dice", "three", "--points", "0"], "invalid int value"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "odds", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["dice"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[5]["greed_out_fraction"] == "5/162"
    assert rows[5]["sweep_fraction"] == "43/1296"
    assert rows[0]["greed_out"] == pytest.approx(2 / 3)


def test_odds_for_a_position_not_opened(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "odds", "--dice", "4", "--points", "150", "--not-opened", "--json"
    )
    assert code == 0
    result = json.loads(out)
    assert result["ev_stop"] is None and result["advice"] == "roll"
    assert result["greed_out"] == pytest.approx(17 / 108)
    assert result["ev_roll"] > 0


def test_odds_advises_stopping_on_one_die_with_many_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run_cli(capsys, "odds", "--dice", "1", "--points", "1000", "--json")
    result = json.loads(out)
    assert result["ev_stop"] == 1000 and result["advice"] == "stop"
    assert result["ev_roll"] < 1000


def test_the_command_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "score", "--json", "D", "D", "D", "D", "G", "G"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["points"] == 1100
