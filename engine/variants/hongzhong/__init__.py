"""红中麻将 (RULES.md §4): its modules, and ``VARIANT`` for the registry."""

from engine.variants.hongzhong.variant import VARIANT

__all__ = ["VARIANT"]
