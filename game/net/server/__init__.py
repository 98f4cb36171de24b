"""The table server: WebSocket transport and limits (``app``), the tables a process holds
(``hub``), group commit (``commits``), and running it from the command line or a thread
(``runner``). It imports no pygame: the desktop app and a headless machine run the same code.
"""
