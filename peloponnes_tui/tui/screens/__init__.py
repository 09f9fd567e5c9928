"""The app's screens, one per module: start, new game, load, hand-off cover, board, help,
scoring, confirmations and messages, the too-small notice, the demonstration."""



