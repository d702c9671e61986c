"""Claims and locks (RULES.md §0.8, ``POST /v1/{variant}/claims``): what a player may do with
the tile on offer. The machinery is shared (`offer`); each variant declares its own rules in
its package's ``claims.py`` (`rules.ClaimRules`)."""

from engine.claims.offer import claims
from engine.claims.rules import ClaimRules

__all__ = ["ClaimRules", "claims"]
