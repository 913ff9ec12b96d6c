"""Toy games that exist only in tests, each in one folder: the proof that a game joins the
village through a registry alone (`tests/toys/registry.py`), with no other file touched."""
