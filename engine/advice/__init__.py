"""Advice for bots, 托管 and hints (RULES.md §0.10, ``shared/rules/advice.md``).

``advice`` prices each permitted discard (or a 13-tile hand's state) by the exact
single-player model of §0.10.2–§0.10.7: the probability of a self-drawn win, and of being
ready, within each number of the player's own draws to come, and the expected amount of the
win under the room's own scoring. ``dingque`` (定缺) and ``exchange`` (换三张) advise 四川's
two decisions before play.

The package is pure: it reads plain request data and answers frozen values. It asks the
variants only the per-hand questions every variant answers (`engine.advice.adapter`, the
one module that knows the `Variant` protocol). How it is built:

* `graph` — the parts the policy can reach and what each draw does from each;
* `keys` — the keys a stage meets, counted against the work bound;
* `values` — the exact recursion over those keys (integer numerators);
* `model` — the stages, the fallback to ``constant_wall`` and ``not_evaluated``;
* `reading`, `advise`, `answers` — the body, the answer, the wire rounding;
* `dingque`, `exchange` — the two pre-play decisions.
"""

from engine.advice.advise import advice
from engine.advice.dingque import dingque
from engine.advice.exchange import exchange

__all__ = ["advice", "dingque", "exchange"]
