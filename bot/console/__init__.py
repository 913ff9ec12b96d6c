"""The terminal village and the replay command: the same code path as Discord, typed by hand."""
