"""Rally Round the King's AI room: empty until its battle exists (its armies need no
AI: recruiting is dice, purchase is the player's)."""
