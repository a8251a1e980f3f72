"""The Doomwheel Race scenes."""
