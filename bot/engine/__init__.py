"""Pure game rules: standard library only, no I/O, no randomness, no clock."""
