"""Greed: its rules engine, its table on the game API, its words and replies."""
