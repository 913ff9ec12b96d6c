"""`python -m bot` runs the `greedbot` command."""

import sys

from bot.cli import main

sys.exit(main())
