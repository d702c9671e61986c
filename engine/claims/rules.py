"""What a variant says about claims: a small declaration per variant (its ``claims.py``), read
by the shared machinery in `engine.claims.offer`.

Everything a variant's claims depend on beyond its win check and shanten is named here:
whether it has chows, which kinds are wild and whether a wild kind melds at face value, the
fan answer members a win action copies, and the few variant rules of §0.8's rows (四川's
missing suit, 长沙's kong modes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.errors import Problem
from engine.hand import Context, Hand, HandRules, Meld, Request, WinType
from engine.options import Options, OptionSpec
from engine.results import Wait, WinCheck
from engine.tiles import Tile


class ClaimingVariant(Protocol):
    """What `engine.claims` asks of a variant (`engine.variants.base.Variant` is one): its
    options, hand rules, win check and pricing, waits and shanten. Claims depend on this
    protocol, not on the variants package, which the registry binds to it."""

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]: ...

    def options(self, request: Request) -> Options: ...

    def hand_rules(self, options: Options) -> HandRules: ...

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck: ...

    def offer_check(self, hand: Hand, tile: Tile, context: Context, win_type: WinType,
                    options: Options) -> WinCheck | None: ...

    def checked_fan(self, request: Request, options: Options,
                    verdict: WinCheck | None = None, *, with_reading: bool = True) -> Any: ...

    def wait_list(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                  options: Options) -> tuple[Wait, ...]: ...

    def has_wait(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                 options: Options) -> bool: ...

    def hand_shanten(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                     options: Options) -> int: ...

    def shanten_after_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                            options: Options) -> list[int]: ...

    def discard_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                      options: Options) -> Mapping[Tile, tuple[int, list[int]]]: ...


def _never(options: Options) -> bool:
    return False


def _no_wilds(context: Context, options: Options) -> frozenset[Tile]:
    return frozenset()


def _no_problems(context: Context, rules: HandRules) -> list[Problem]:
    return []


def _no_front(hand: Hand, context: Context, options: Options) -> int | None:
    return None


def _reason_means_shape(verdict: WinCheck) -> bool:
    return True


@dataclass(frozen=True)
class ClaimRules:
    """One variant's claim rules (RULES.md §0.8 and the variant's row)."""

    option_specs: tuple[OptionSpec, ...]
    """The §0.8 options with the variant's defaults (`engine.claims.options.option_specs`)."""
    amounts: tuple[str, ...]
    """The members of the variant's ``fan`` answer a win action carries, by name."""
    chow: Callable[[Options], bool] = _never
    """Whether the room has chow claims (from 上家 only)."""
    wild_kinds: Callable[[Context, Options], frozenset[Tile]] = _no_wilds
    """The wild kinds of the moment (南昌's 精, 红中's ``wild_tiles``)."""
    wild_melds_at_face_value: Callable[[Options], bool] = lambda options: True
    """Whether a tile of a wild kind may enter a meld as itself (南昌 yes; 红中 ``wild_melds``)."""
    missing_suit: Callable[[Context], int | None] | None = None
    """四川: the declared missing suit of a context — no meld of it (``meld_missing_suit``),
    missing suit first (``missing_suit_first``)."""
    kong_ready: Callable[[Sequence[Tile], Sequence[Meld]], bool] | None = None
    """长沙: every kong lists ``modes`` — 补张, and 开杠 when ``kai_gang`` is on and this says
    the hand the kong leaves (its concealed tiles and melds) has a wait: the variant's
    `Variant.has_wait`, asked without building that `Hand`. None: no modes."""
    context_problems: Callable[[Context, HandRules], list[Problem]] = _no_problems
    """The variant's own context checks (南昌: ``jing``)."""
    discard_front: Callable[[Hand, Context, Options], int | None] = _no_front
    """The suit ``discards`` lists first for a hand after a draw (四川's suit to drop, in
    the room of the options), or None."""
    reason_has_shape: Callable[[WinCheck], bool] = _reason_means_shape
    """For a refused win's reason: does a winning shape exist (settled reading 13)? True
    unless the variant reports the reason before looking at the shape (四川's 缺一门)."""
