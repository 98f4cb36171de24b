"""Online play. The pure part (``wire``: the messages and their JSON form; ``table``, its
``clocks``, matchmaking and ratings) knows no socket, clock or event loop: the server feeds it
messages and the time and carries out what it answers, so every rule of the protocol is tested
without a network."""
