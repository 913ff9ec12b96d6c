"""The day side of the village, beside its tables (`village/tables/`): a move of the day game
(`play`), the day commands the game names (`commands`), the memo and the standings, a day's
record and the commands that check its dice (`record`, `transparency`), and what a player's
next move and a day's close read from memory (`kept_plays`, `stream_cache`, `views`,
`answers`)."""
