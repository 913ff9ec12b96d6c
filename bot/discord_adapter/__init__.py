"""greedbot on Discord: the only package that imports discord.py.

Messages and slash commands become the village service's input; its answers are delivered
from the outbox through a small port (`port.py`), which `gateway.py` implements on discord.py.
"""
