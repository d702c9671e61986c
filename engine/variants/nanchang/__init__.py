"""南昌麻将 (RULES.md §3): its modules, and ``VARIANT`` for the registry."""

from engine.variants.nanchang.variant import VARIANT

__all__ = ["VARIANT"]
