"""The variant registry: one line a variant.

A variant is a module of this package exposing ``VARIANT``, an instance of
:class:`engine.variants.base.Variant`. Adding one means adding its module name below; the
service builds its routes from this registry.
"""

from __future__ import annotations

from importlib import import_module

from engine.variants.base import Variant

_MODULES: tuple[str, ...] = ("sichuan", "changsha", "nanchang", "hongzhong")


def _load() -> dict[str, Variant]:
    found: dict[str, Variant] = {}
    for name in _MODULES:
        variant: Variant = import_module(f"engine.variants.{name}").VARIANT
        found[variant.id] = variant
    return found


REGISTRY: dict[str, Variant] = _load()
"""Every variant by its id, in the order of ``_MODULES``."""


def get(variant_id: str) -> Variant | None:
    return REGISTRY.get(variant_id)
