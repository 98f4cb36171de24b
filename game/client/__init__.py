"""Game-agnostic pygame client: app loop, scene stack, input table, tweens, theme, sound."""
