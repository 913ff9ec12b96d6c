"""The games a village can host: the game API and one package per game."""
