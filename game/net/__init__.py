"""Online play. The pure part (``protocol``, ``codec``, ``messages``, ``table`` and their
helpers) knows no socket, clock or event loop: the server feeds it messages and the time and
carries out what it answers, so every rule of the protocol is tested without a network."""
