"""What the bot says, below the games: a reply as data, and the kit its writers use."""
