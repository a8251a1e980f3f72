"""Wild Table: a real-time, top-down tabletop simulator for miniature rule sets."""

__version__ = "0.1.0"
