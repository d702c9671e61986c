"""Hupai's rules engine: tiles, hands, shape search and the regional variants.

Pure Python with no web, metrics or environment dependencies; the service adapts it.
"""

__version__ = "1.0.0"
