"""The Wild Race's scenes: set-up, the race, the results."""
