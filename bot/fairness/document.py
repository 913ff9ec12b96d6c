"""Reading a published record (a day's or a table's export) that anyone may hand in.

Strict JSON: no NaN or Infinity, no number too large for a float or longer than MAX_DIGITS
digits, no nesting deeper than Python can walk, no half of a surrogate pair. A record is a
JSON object. What cannot be read raises UnreadableRecordError saying why, in one line.
"""

from __future__ import annotations

import json
import math
from typing import Any, NoReturn

MAX_DIGITS = 100
"""No id, number or count of a record is longer; a longer number is hostile input."""


class UnreadableRecordError(ValueError):
    """A record that cannot be read; the message says why."""


def loads(text: str) -> dict[str, Any]:
    """The record in `text` (a byte-order mark at its start is allowed)."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise UnreadableRecordError("the file is empty")
    try:
        document = json.loads(text, parse_constant=_no_constant, parse_int=_int, parse_float=_float)
    except RecursionError:
        raise UnreadableRecordError("its JSON is nested too deeply") from None
    except UnreadableRecordError:
        raise
    except ValueError as error:  # json.JSONDecodeError included
        raise UnreadableRecordError(f"not JSON ({error})") from None
    if not isinstance(document, dict):
        kind = "an array" if isinstance(document, list) else "a single value"
        raise UnreadableRecordError(f"a record is a JSON object, and this is {kind}")
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        raise UnreadableRecordError(
            f"a string holds {error.object[error.start]!a}, "
            "half of a surrogate pair, which is no character"
        ) from None
    except (RecursionError, ValueError):
        raise UnreadableRecordError("its JSON is nested too deeply") from None
    return document


def _no_constant(name: str) -> NoReturn:
    raise UnreadableRecordError(f"{name} is not a number in JSON")


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise UnreadableRecordError(f"a number of {len(digits.lstrip('-'))} digits is in no record")
    return int(digits)


def _float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise UnreadableRecordError(
            f"the number {digits[:20]}{'…' if len(digits) > 20 else ''} is too large"
        )
    return value
