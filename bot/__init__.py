"""drift: finds the places where a repository's docs no longer match its code."""

__version__ = "0.1.0"
