"""Parsing what people type and rendering what the bot answers."""
