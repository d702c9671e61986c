"""Claims and locks (RULES.md §0.8, ``POST /v1/{variant}/claims``): what a player may do with
the tile on offer. The machinery is shared (`engine.claims.offer`); each variant declares its
own rules in its package's ``claims.py`` (`engine.claims.rules.ClaimRules`)."""
