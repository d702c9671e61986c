"""长沙麻将 (RULES.md §2): its modules, and ``VARIANT`` for the registry."""

from engine.variants.changsha.variant import VARIANT

__all__ = ["VARIANT"]
