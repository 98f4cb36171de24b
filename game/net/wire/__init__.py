"""The protocol's wire format: messages, their bounded JSON, refusal codes and limits.

Pure: no pygame, no event loop, no socket, no database (an import contract keeps it so)."""
