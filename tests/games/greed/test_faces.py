import pytest

from bot.games.greed import FACES, Face, UnknownFaceError, format_faces, parse_faces
from bot.games.greed.faces import parse_face


def test_tokens_round_trip_in_canonical_order() -> None:
    assert format_faces(FACES) == "$ G R Eg Eb D"
    assert parse_faces("$ G R Eg Eb D") == FACES


@pytest.mark.parametrize(
    ("text", "face"),
    [("eg", Face.E_GREEN), ("EB", Face.E_BLACK), ("d", Face.D), ("$", Face.DOLLAR), ("g", Face.G)],
)
def test_tokens_are_read_in_any_case(text: str, face: Face) -> None:
    assert parse_faces(text) == (face,)


def test_full_width_tokens_are_read() -> None:
    assert parse_faces("＄ Ｇ Ｅｇ ｅｂ") == (Face.DOLLAR, Face.G, Face.E_GREEN, Face.E_BLACK)


def test_commas_and_lists_are_accepted() -> None:
    assert parse_faces("D,G, R") == (Face.D, Face.G, Face.R)
    assert parse_faces(["d", "Eb"]) == (Face.D, Face.E_BLACK)


@pytest.mark.parametrize("token", ["E", "X", "GG", "1", "Ｅ", ""])
def test_unknown_tokens_are_refused_by_name(token: str) -> None:
    with pytest.raises(UnknownFaceError, match="unknown face"):
        parse_face(token)


def test_faces_sort_in_canonical_order_not_alphabetically() -> None:
    assert sorted(parse_faces("D Eb Eg R G $")) == list(FACES)


def test_the_two_e_faces_are_different() -> None:
    assert Face.E_GREEN != Face.E_BLACK
    assert len(set(FACES)) == 6
