"""greedbot: dice-game villages for Discord, starting with Greed."""

__version__ = "0.1.0"
