"""The request schemas' own field classes (`service.schemas` builds with them).

They sit apart from the schemas so that the fast loader (`service.fastload`), which must know
them to mirror them, and the schemas, which load through it, both import them — and neither
imports the other back.
"""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import ValidationError, fields

from engine.errors import UNKNOWN_LISTED


class StrictBoolean(fields.Boolean):
    """``true``/``false`` only (marshmallow's Boolean also takes ``"yes"`` and ``1``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class Tiles(fields.Field[Any]):
    """A list of tiles: a compact string (``"123m 45p"``) or an array of tile codes."""

    json_depth: ClassVar[int] = 1
    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": 'must be a tile string such as "123m45p" or an array of tile codes such as '
                   '["1m", "2m"]',
        "item": "must be a tile code (a string such as \"5p\")",
    }

    def __init__(self, **kwargs: Any) -> None:
        # how apispec renders it: openapi.yaml's two tile-list forms (and null when allowed)
        forms: list[dict[str, str]] = [{"$ref": "#/components/schemas/TileString"},
                                       {"$ref": "#/components/schemas/TileArray"}]
        if kwargs.get("allow_none"):
            forms.append({"type": "null"})
        kwargs["metadata"] = {**kwargs.get("metadata", {}), "oneOf": forms}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return value
        if isinstance(value, list):
            bad = [i for i, v in enumerate(value) if not isinstance(v, str)]
            if len(bad) > UNKNOWN_LISTED:  # counted, not named one by one
                shown = ", ".join(map(str, bad[:UNKNOWN_LISTED]))
                raise ValidationError(f"has {len(bad)} entries that are not tile codes (items "
                                      f"{shown}, …): each must be a string such as \"5p\"")
            if bad:
                raise ValidationError({i: [self.error_messages["item"]] for i in bad})
            return value
        raise self.make_error("invalid")


class Options(fields.Dict):
    """The room options: names and values are the variant's to check (``invalid_option``)."""

    json_depth: ClassVar[int] = 2  # an object whose values may be tile arrays

    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": "must be an object of option values"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(keys=fields.String(), values=fields.Raw(allow_none=True), **kwargs)


class Body(fields.Dict):
    """A batch item's body: an object checked later, by the item's own operation."""

    json_depth: ClassVar[int] = 0  # set below, to the envelope's depth
    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": "must be an object: the body the operation's own path takes"}


class Record(fields.Dict):
    """``settle``'s record: an object the engine checks member by member (each settle file
    has validation stages of its own, with its own pointers: `engine.settle.stages`)."""

    json_depth: ClassVar[int] = 8  # record > events > event > winners > winner > melds > meld
    # > tiles (an array of codes)
    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": "must be an object: the hand's record (dealer, events, end and the "
                   "variant's own members)"}
