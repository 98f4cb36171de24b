"""Push Fight: pure rules and computer players (the view lives beside them)."""
