"""The day side of the village, beside its tables (`village/tables/`): a move of the day game
(`play`), the day commands the game names (`commands`), the memo and the standings, a day's
record and the commands that check its dice (`record`, `transparency`), and the day streams
a move and a day's close read from memory (`stream_cache`, `views`). What a next move starts
from (`kept_plays`) and when an answer was posted (`answers`) serve the tables too: they
stay at `village/`."""
