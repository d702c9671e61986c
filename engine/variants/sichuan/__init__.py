"""四川 血战到底 (RULES.md §1): its modules, and ``VARIANT`` for the registry."""

from engine.variants.sichuan.variant import VARIANT

__all__ = ["VARIANT"]
