"""Reading a request body as strict JSON, before any schema sees it.

API.md: a body that is not ``application/json`` is a 415; over the size limit a 413; not JSON,
or JSON with ``NaN``/``Infinity`` or nested deeper than the schema, a 400. Python's ``json``
accepts ``NaN``, ``Infinity`` and ``1e999`` (→ inf) by default, so the parse hooks refuse
them; nesting is measured after parsing against the deepest valid body of the endpoint (the
schemas say how deep that is), so that ``[[["1m"]]]`` where a tile list belongs is a 400 and
``[5]`` (right depth, wrong type) stays a 422.
"""

from __future__ import annotations

import json
import math
from typing import Any, NoReturn

from flask import Request
from werkzeug.exceptions import UnsupportedMediaType

from service.errors import bad_json


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large for a JSON number here")
    return value


def read_json(request: Request, max_depth: int) -> Any:
    """The parsed body; raises the 415, 413 (from werkzeug) or 400 problem otherwise."""
    if request.mimetype != "application/json":
        raise UnsupportedMediaType()
    raw = request.get_data(cache=False)  # 413 here when over MAX_CONTENT_LENGTH
    if not raw.strip():
        raise bad_json("the body is empty: send a JSON object")
    try:
        data = json.loads(raw, parse_constant=_reject_constant, parse_float=_finite_float)
    except UnicodeDecodeError:
        raise bad_json("the body is not valid UTF-8 JSON") from None
    except json.JSONDecodeError as e:
        raise bad_json(f"the body is not valid JSON: {e.msg} at line {e.lineno} column "
                       f"{e.colno}") from None
    except ValueError as e:  # NaN/Infinity, huge numbers, over-long integers
        raise bad_json(f"the body is not valid JSON: {e}") from None
    except RecursionError:
        raise bad_json(f"the body nests deeper than {max_depth} levels") from None
    depth = nesting_depth(data, max_depth + 1)
    if depth > max_depth:
        raise bad_json(f"the body nests deeper than any valid request ({max_depth} levels of "
                       "objects and arrays)")
    return data


def nesting_depth(value: Any, stop: int) -> int:
    """Levels of objects/arrays in ``value`` (a scalar is 0), counting no further than stop."""
    depth = 0
    level = [value]
    while depth < stop:
        children: list[Any] = []
        found = False
        for item in level:
            if isinstance(item, dict):
                children.extend(item.values())
                found = True
            elif isinstance(item, list):
                children.extend(item)
                found = True
        if not found:
            break
        depth += 1
        level = children
    return depth
