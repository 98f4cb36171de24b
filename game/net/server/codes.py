"""WebSocket close codes the transport uses (the protocol's own are in its module)."""

from __future__ import annotations

from typing import Final

CLOSE_NOT_TEXT: Final = 1003
"""A binary frame: the protocol is JSON text."""
CLOSE_FLOOD: Final = 4029
"""More than the allowed messages in the window."""
CLOSE_HANDSHAKE_TIMEOUT: Final = 4008
"""No accepted hello within the handshake time."""
