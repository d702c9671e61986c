"""A fast path for marshmallow: loads a well-typed body without marshmallow, or declines.

Why: marshmallow costs about 2 µs for every field of a schema, present in the body or not, and
3–4 µs for every (nested) schema load — 19 µs for a two-member ``win`` body, 38 µs for a
``context`` holding only ``win_type`` (its schema has 17 fields). The engine answers a ``win``
in about 15 µs, so marshmallow was most of a request and the ceiling on ``batch``.

What: `compile_schema` reads a schema's fields once and builds a plain-Python reader for its
objects. The reader returns exactly what ``schema.load(data)`` returns — the same dict, the
same members in the same order, the same values — or raises `Declined`, and then the caller
loads with marshmallow, which decides and words every error. The reader therefore never has
to be right about a refusal, only about an acceptance, and it accepts only what it can check
exactly as marshmallow does:

* an object is a ``dict`` with no member the schema lacks (the schemas raise on unknown
  members), every required member present and not null, a null only where the field allows
  none (marshmallow keeps such a null in its result; ``schemas.drop_nulls`` removes it after);
  members come out in the schema's field order, as marshmallow builds them;
* ``String`` takes a ``str`` as it is; a strict ``Integer`` an ``int`` that is not a ``bool``;
  ``StrictBoolean`` a ``bool``; ``Tiles`` a ``str`` or a list of ``str`` (the same object, as
  marshmallow returns it); ``Nested`` an object of its schema; ``List`` a ``list`` of its
  item field, as a new list; a ``Dict`` without key/value fields a ``dict`` (copied), with
  ``String`` keys and ``Raw`` values (nulls allowed) a ``dict`` with ``str`` keys (copied);
* a field's ``Range``, ``OneOf`` and ``Length`` validators are called as marshmallow calls them;
  a schema's ``@validates_schema`` methods too, with the data and arguments marshmallow passes.

A schema with anything else — another field class (a subclass counts as another class), a
``data_key`` or ``attribute``, a ``load_default``, field pre/post-load functions, another
validator, ``@pre_load``/``@post_load``/``@validates`` hooks, ``many``, ``partial``, another
``unknown`` policy — gets no reader (`compile_schema` returns None) and marshmallow loads it
every time. ``tests/service/test_fastload.py`` compares reader and marshmallow on thousands of
generated bodies, valid and invalid, for every request schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate
from marshmallow.decorators import POST_LOAD, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA

from service.fields import Body, Options, Record, StrictBoolean, Tiles

Reader = Callable[[Any], Any]
"""Reads one present, non-null value as marshmallow loads it, or raises Declined."""


class Declined(Exception):
    """Not an error: the reader does not vouch for this value, so marshmallow must load it."""


_VALIDATORS = (validate.Range, validate.OneOf, validate.Length)
"""Validators whose call is the whole check (they raise ValidationError, or return)."""


def compile_schema(schema: Schema) -> Reader | None:
    """A reader for objects of ``schema``, or None when the schema uses what it cannot mirror."""
    return _schema_reader(schema, set())


def _schema_reader(schema: Schema, seen: set[int]) -> Reader | None:
    if id(schema) in seen:  # a recursive schema: not worth mirroring
        return None
    seen = seen | {id(schema)}
    hooks = schema._hooks  # marshmallow's own record of the decorated methods
    if (schema.many or schema.partial or schema.unknown != RAISE or hooks[PRE_LOAD]
            or hooks[POST_LOAD] or hooks[VALIDATES] or schema.dict_class is not dict):
        return None
    checks = []
    for attr_name, hook_many, kwargs in hooks[VALIDATES_SCHEMA]:
        if hook_many or kwargs.get("pass_original"):
            return None
        checks.append(getattr(schema, attr_name))
    plan: dict[str, tuple[int, bool, Reader]] = {}
    required = set()
    for index, (name, field) in enumerate(schema.load_fields.items()):
        if field.data_key is not None or field.attribute is not None:
            return None
        read = _field_reader(field, seen)
        if read is None:
            return None
        plan[name] = (index, field.allow_none, read)
        if field.required:
            required.add(name)
    names, needed = frozenset(plan), frozenset(required)
    partial, unknown = schema.partial, schema.unknown

    def read_object(data: Any) -> dict[str, Any]:
        if type(data) is not dict or not needed <= data.keys() <= names:
            raise Declined
        out: dict[str, Any] = {}
        last, in_order = -1, True
        for name, value in data.items():  # only the members present: a schema may have 17
            index, allow_none, read = plan[name]
            if value is not None:
                out[name] = read(value)
            elif allow_none:
                out[name] = None
            else:
                raise Declined
            in_order = in_order and index > last
            last = index
        if not in_order:  # marshmallow builds its result in the schema's field order
            out = dict(sorted(out.items(), key=lambda member: plan[member[0]][0]))
        for check in checks:  # as Schema._run_validator calls them, after the fields
            try:
                check(out, partial=partial, many=False, unknown=unknown)
            except ValidationError:
                raise Declined from None
        return out

    return read_object


def _field_reader(field: fields.Field[Any], seen: set[int]) -> Reader | None:
    """A reader for a present, non-null value of ``field`` (its validators included)."""
    if field.load_default is not missing or field.pre_load or field.post_load:
        return None
    if not all(type(v) in _VALIDATORS for v in field.validators):
        return None
    read = _value_reader(field, seen)
    if read is None or not field.validators:
        return read
    validators = tuple(field.validators)
    base = read

    def read_validated(value: Any) -> Any:
        out = base(value)
        try:
            for validator in validators:
                validator(out)
        except ValidationError:
            raise Declined from None
        return out

    return read_validated


def _value_reader(field: fields.Field[Any], seen: set[int]) -> Reader | None:
    kind = type(field)
    if kind is fields.String:
        return _read_str
    if kind is fields.Integer and field.strict:  # type: ignore[attr-defined]
        return _read_int
    if kind is StrictBoolean:
        return _read_bool
    if kind is Tiles:
        return _read_tiles
    if kind is fields.Nested:
        if field.many or field.unknown is not None or field.only or field.exclude:  # type: ignore[attr-defined]
            return None
        return _schema_reader(field.schema, seen)  # type: ignore[attr-defined]
    if kind is fields.List:
        return _list_reader(field.inner, seen)  # type: ignore[attr-defined]
    if kind in (fields.Dict, Options, Body, Record):  # Dict, with other messages
        return _dict_reader(field)  # type: ignore[arg-type]
    return None


def _read_str(value: Any) -> Any:
    if type(value) is not str:
        raise Declined
    return value


def _read_int(value: Any) -> Any:
    if type(value) is not int:  # a bool is an Integral marshmallow refuses; a float is not
        raise Declined
    return value


def _read_bool(value: Any) -> Any:
    if type(value) is not bool:
        raise Declined
    return value


def _read_tiles(value: Any) -> Any:
    if type(value) is str:
        return value
    if type(value) is list and all(type(v) is str for v in value):
        return value  # marshmallow's Tiles returns the list itself
    raise Declined


def _list_reader(inner: fields.Field[Any], seen: set[int]) -> Reader | None:
    read = _field_reader(inner, seen)
    if read is None:
        return None
    allow_none = inner.allow_none

    def read_list(value: Any) -> list[Any]:
        if type(value) is not list:
            raise Declined
        out: list[Any] = []
        for item in value:
            if item is None:
                if not allow_none:
                    raise Declined
                out.append(None)
            else:
                out.append(read(item))
        return out

    return read_list


def _dict_reader(field: fields.Dict) -> Reader | None:
    keys, values = field.key_field, field.value_field
    if keys is None and values is None:  # marshmallow copies the mapping
        return _read_dict
    if keys is None or values is None or _field_reader(keys, set()) is not _read_str:
        return None  # keys: a plain String (no validators), each a str as it is
    if (type(values) is not fields.Raw or not values.allow_none or values.validators
            or values.load_default is not missing or values.pre_load or values.post_load):
        return None  # values: Raw, nulls allowed, nothing else: each value as it is
    return _read_str_keyed_dict


def _read_dict(value: Any) -> Any:
    if type(value) is not dict:
        raise Declined
    return dict(value)


def _read_str_keyed_dict(value: Any) -> Any:
    if type(value) is not dict or not all(type(k) is str for k in value):
        raise Declined
    return dict(value)
