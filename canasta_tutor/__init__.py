"""Canasta rule tutor and move checker."""
__version__ = "0.1.0"
