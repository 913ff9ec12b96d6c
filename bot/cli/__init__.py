"""The `greedbot` command. Subcommands import what they need when they run, so that
`greedbot score` answers without loading Discord or the database layer."""

from bot.cli.main import main

__all__ = ["main"]
