"""The Doomwheel Race in the window: its view, panels, words, editor and scenes."""
