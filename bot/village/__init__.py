"""The village application: villages, days and players; a message in, events and replies out."""
