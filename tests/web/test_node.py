"""The page's own tests under Node (web/verify/test/): the published vectors, exports of
every game replayed here, tampered copies and hostile files."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.web.conftest import PAGE, ROOT, missing, node


def test_the_verifier_tests_pass_under_node() -> None:
    binary = node()
    if binary is None:
        missing("Node verifier suite", "node is not installed")
        return
    run = subprocess.run(
        [binary, "--test", str(PAGE / "test")],
        cwd=ROOT,
        env={**os.environ, "GREEDBOT_PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=600,
    )
    summary = [line for line in run.stdout.splitlines() if line.startswith("# ")]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    # Every test ran: none skipped (a skip would hide that the exports were not checked).
    assert "# skipped 0" in summary and "# fail 0" in summary, summary
