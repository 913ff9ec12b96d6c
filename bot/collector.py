"""Python's garbage collector set for a bot that runs for months on one event loop.

A full collection walks every object the process holds and stops the event loop while it
does: measured under a village's load (bench/README.md, `load.py`), 7 to 9 of them in 45
seconds took 76 to 100 ms each, and every message waiting meanwhile waited that long. Most
of what they walk was loaded at start (modules, the schema, the rules' tables) and is never
garbage: frozen once loaded, it is not walked again. Young collections run ten times less
often: a message's own objects are freed as its handling ends (by reference counting), so
fewer survive into the older generations and full collections come less often too.
"""

from __future__ import annotations

import gc

YOUNG = 10_000
"""Objects allocated (net) between two young collections; Python's default is 700."""


def settle() -> None:
    """Call once everything the bot needs at start is loaded, before the first message."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
