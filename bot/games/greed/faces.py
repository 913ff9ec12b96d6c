"""The six faces of a Greed die and their canonical text tokens."""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable


class Face(enum.StrEnum):
    """A face of a Greed die. The two E's are different faces (green and black).

    A `str` enum so that a tuple of faces hashes in C: a throw is looked up in the
    analysis cache by its faces, and that lookup is the hot path of every throw.
    """

    DOLLAR = "$"
    G = "G"
    R = "R"
    E_GREEN = "Eg"
    E_BLACK = "Eb"
    D = "D"

    @property
    def token(self) -> str:
        return self.value

    # Faces sort in the canonical order `$ G R Eg Eb D`, not alphabetically.
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Face):
            return NotImplemented
        return _INDEX[self] < _INDEX[other]


# The order of greed.md §8 (`FACES[b % 6]`); also the canonical display order.
FACES: tuple[Face, ...] = (
    Face.DOLLAR,
    Face.G,
    Face.R,
    Face.E_GREEN,
    Face.E_BLACK,
    Face.D,
)
_INDEX = {face: i for i, face in enumerate(FACES)}
_BY_TOKEN = {face.token.lower(): face for face in FACES}
_CANONICAL = {face.token: face for face in FACES}
"""The tokens as stored and shown: read as they are, before any other spelling is tried."""


class UnknownFaceError(ValueError):
    """A token that names no face."""

    def __init__(self, token: str) -> None:
        super().__init__(f"unknown face {token!r}: use one of $ G R Eg Eb D")
        self.token = token


def parse_face(token: str) -> Face:
    """Read one canonical token, in any case and width (`eg`, `EB`, `＄`)."""
    face = _CANONICAL.get(token)  # every stored throw, read back at every replay
    if face is not None:
        return face
    face = _BY_TOKEN.get(unicodedata.normalize("NFKC", token).strip().lower())
    if face is None:
        raise UnknownFaceError(token)
    return face


def parse_faces(tokens: Iterable[str] | str) -> tuple[Face, ...]:
    """Read faces from tokens, or from one string of tokens separated by spaces or commas."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return tuple(parse_face(token) for token in tokens)


def format_faces(faces: Iterable[Face]) -> str:
    """The canonical text of a throw: tokens separated by spaces."""
    return " ".join(face.token for face in faces)


def counts(faces: Iterable[Face]) -> tuple[int, int, int, int, int, int]:
    """How many dice show each face, in the order of `FACES`."""
    c = [0] * 6
    for face in faces:
        c[_INDEX[face]] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])
