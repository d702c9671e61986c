"""schemathesis runs every operation of openapi.yaml in-process against the WSGI app, with a
fixed seed and a bounded number of examples: no 500, every status and body as documented
(problem+json with the documented type), negative data rejected, a wrong method 405 with
``Allow``.

The document is loaded from the app itself (``GET /openapi.yaml``), so what is fuzzed is what
the service serves. Two runs:

* examples + fuzzing, ``MAX_EXAMPLES`` per operation (~35 s for every operation here);
* the coverage phase (boundary and schema-violating values for every member, ~600 requests an
  operation, ~3 min in all), marked ``slow`` so that ``pytest -m "not slow"`` skips it while
  developing; CI runs it.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from service.app import create_app
from service.settings import Settings

SEED = 20240501
MAX_EXAMPLES = 10


def config(*, coverage: bool) -> SchemathesisConfig:
    data: dict[str, Any] = {
        "seed": SEED,
        "cache": {"enabled": False},  # no crash cache: every run is the same run
        "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True,
                       "database": "none"},
        "phases": {"examples": {"enabled": not coverage},
                   "coverage": {"enabled": coverage},
                   "fuzzing": {"enabled": not coverage},
                   "stateful": {"enabled": False}},
        # every check but positive_data_acceptance: the schema says what JSON is well-formed,
        # not which tiles make a hand (the size rule, four copies, the variant's tile set), so
        # a schema-valid body is often, and rightly, a 422 invalid-hand
        "checks": {"positive_data_acceptance": {"enabled": False}},
    }
    return SchemathesisConfig.from_dict(data)


APP = create_app(Settings())
fuzzed = schemathesis.openapi.from_wsgi("/openapi.yaml", APP, config=config(coverage=False))
covered = schemathesis.openapi.from_wsgi("/openapi.yaml", APP, config=config(coverage=True))


@fuzzed.parametrize()
def test_every_operation(case: schemathesis.Case) -> None:
    case.call_and_validate()


@pytest.mark.slow
@covered.parametrize()
def test_every_operation_coverage_phase(case: schemathesis.Case) -> None:
    case.call_and_validate()
