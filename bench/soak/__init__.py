"""The fault soak: the bot killed and restarted under a village's load, its PostgreSQL
stopped and started under it, messages delivered twice and at once, and a long fuzz; then
every throw checked against what the chat shows.

    python -m bench.soak [--quick]
"""
