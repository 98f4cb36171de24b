"""The play scene's parts that are scene logic rather than drawing: the moves' flow (a
person's move, the table's, take back, looking back), the words for the match, the panel's
controls and when they apply, hints, the endings asked for (and a stalled seat, a rematch),
the seats and table, saving and opening, the pace of moves no one here makes, and what the
keys are called (on the buttons and in the message strip)."""
