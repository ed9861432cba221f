"""Playing whole hands: the wall, the state machine, actions, records, bots."""
