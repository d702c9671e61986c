"""The ``fan`` operation, one pipeline for every variant (issue 22 item 4): facts → check →
tally → price → answer.

`FanPipeline` is what `engine.variants.base.Variant` is made of for ``fan``: the request
completed (`prepared`), checked (`fan_checked`: `checked` of a hand with its win tile and the
members only ``fan`` checks, `fan_problems`), then the variant's `fan_answer` — the hand's
tally, its price, the answer. `checked_fan` is the same answer for a request already checked
(``claims``, ``advice``), priced from an accelerator's tally (`engine.results.Tallied`) when
the variant's `offer_check` carried one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import fields
from functools import partial
from operator import attrgetter
from typing import Any, ClassVar, Final

from engine.errors import Problem
from engine.hand import Context, Request, VariantFacts
from engine.options import Options
from engine.results import Tallied, WinCheck
from engine.variants.members import own_members

Extra = Callable[[Options, bool], list[Problem]]
"""An operation's own checks for `Variant.checked`: its problems under the options (the
defaults standing in for bad ones) and whether those are the options sent (False: the
defaults; a check that compares with an option sent skips the comparison)."""

_CONTEXT_MEMBERS: Final = frozenset(f.name for f in fields(Context))


class FanPipeline(ABC):
    """``fan`` and `checked_fan`, built from a variant's hooks (`fan_members`,
    `fan_problems`, `fan_answer`; `fan_checked` for a variant whose ``fan`` checks in a
    stage of its own)."""

    facts: ClassVar[type[VariantFacts]] = VariantFacts
    fan_members: ClassVar[tuple[str, ...]] = ()
    """The context members only ``fan`` checks (`fan_problems`: the seats its payments read,
    长沙's birds, 红中's codes), shared ones by their `Context` name, the variant's own by
    their `facts` name: `checked_fan` prices a request carrying none of them without
    checking it again, and sends one carrying any through ``fan`` whole."""

    def prepared(self, request: Request) -> Request:
        """The request as the hand operations (`check`, `hand_shanten`, `has_wait`, …) read
        its context: the variant's own members completed from one another (南昌's 精 from
        ``indicator``). The request itself by default; `engine.advice` asks it."""
        return request

    @abstractmethod
    def checked(self, request: Request, *, draw: bool = False, needs_win_tile: bool = False,
                hand: bool = True, extra: Extra | None = None) -> Options:
        """`engine.variants.base.Variant.checked`: the one way an operation checks."""

    def fan(self, request: Request) -> Any:
        """The full evaluation (``POST /v1/{variant}/fan``), one pipeline for every variant
        (issue 22 item 4): the facts (`prepared`: the variant's members completed from one
        another), the request checked (`fan_checked`), then `fan_answer` — the hand's tally,
        its price, the answer. A variant writes only those hooks."""
        if self._prepares:  # (南昌's 精 from its indicator; the others' request as it is)
            request = self.prepared(request)
        return self.fan_answer(request, self.fan_checked(request), None, True)

    def fan_checked(self, request: Request) -> Options:
        """The effective options of a ``fan`` request, every problem raised: `checked` of a
        hand with its win tile, with `fan_problems` as the operation's own checks (listed
        with the hand's and the context's)."""
        # (a partial, not a lambda: called from the variant's checks, it adds no Python frame)
        return self.checked(request, needs_win_tile=True,
                            extra=partial(self.fan_problems, request))

    def fan_problems(self, request: Request, options: Options, given: bool) -> list[Problem]:
        """What is wrong with the members only ``fan`` checks (`fan_members`), under these
        options (``given`` False: the defaults standing in for bad ones, `Extra`); none by
        default."""
        return []

    @abstractmethod
    def fan_answer(self, request: Request, options: Options, tally: Any,
                   with_reading: bool) -> Any:
        """``fan``'s answer for a request already checked (``options``: its effective options):
        the hand's tally, its price, the answer. ``tally``: what an accelerator already
        judged of this very hand in this context's win type (`engine.results.Tallied`, from
        `offer_check`), priced as it is; None: the rules judge it. ``with_reading`` False:
        the reading may be left out (None) — a win action shows none, and building it is
        most of a win's price in some variants."""

    def checked_fan(self, request: Request, options: Options,
                    verdict: WinCheck | None = None, *, with_reading: bool = True) -> Any:
        """``fan``'s answer for a request whose options, hand and win tile are already
        checked (``options``: its effective options): what `engine.claims` and
        `engine.advice` price a win with after their own, stricter validation — so a
        claimed win is not checked twice. A request carrying any of `fan_members` goes
        through ``fan`` whole (their checks are ``fan``'s alone). ``verdict``: what
        `offer_check` answered for this hand; its tally, if it carries one, is priced
        instead of judging the hand again."""
        if self.carries_fan_members(request.context):
            return self.fan(request)
        tally = verdict.tally if isinstance(verdict, Tallied) else None
        return self.fan_answer(request, options, tally, with_reading)

    def carries_fan_members(self, context: Context) -> bool:
        """Whether ``context`` holds any of `fan_members` (not None; a context without the
        variant's facts holds none of its own)."""
        get = self._fan_get
        if get is None:
            return False
        try:  # (one C call: claims and advice ask this of every win they price)
            sent: bool = get(context) != self._fan_absent
            return sent
        except AttributeError:  # a bare `Context`, without the variant's facts
            return any(getattr(context, m) is not None for m in self.fan_members
                       if m in _CONTEXT_MEMBERS)

    _prepares: ClassVar[bool] = False
    """The variant has a `prepared` of its own (``fan`` skips the call otherwise)."""
    _fan_get: ClassVar[attrgetter[Any] | None] = None
    _fan_absent: ClassVar[Any] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """`fan_members` read once a class: one getter of them all (the variant's own
        through ``facts``), and what it gives when none is sent; a name that is no member of
        the context is refused here, when the variant is defined. And whether it has a
        `prepared` of its own."""
        super().__init_subclass__(**kwargs)
        cls._prepares = cls.prepared is not FanPipeline.prepared
        own = {m for m in cls.fan_members if m not in _CONTEXT_MEMBERS}
        unknown = own - set(own_members(cls.facts))
        if unknown:
            raise TypeError(f"{cls.__name__}: fan_members {sorted(unknown)} are not members "
                            "of its context")
        paths = [f"facts.{m}" if m in own else m for m in cls.fan_members]
        cls._fan_get = attrgetter(*paths) if paths else None
        cls._fan_absent = None if len(paths) == 1 else (None,) * len(paths)
