"""openapi.yaml is a valid OpenAPI 3.1 document that names every member, path and error of
API.md with its type, and the tile-notation table (5z 白, 6z 发, 7z 中)."""

from __future__ import annotations

import pytest
from openapi_spec_validator import validate

from tests.contract.spec import properties, resolve, spec, types

TILES = {"string", "array"}  # a compact string or an array of codes
TILE = {"string"}
OBJ, ARR, INT, BOOL, STR = {"object"}, {"array"}, {"integer"}, {"boolean"}, {"string"}

# (component schema, member, JSON types) for every member API.md names; null, where a request
# member allows it ("null counts as absent"), is not part of the type
MEMBERS = [
    # the envelope
    *[(req, m, t) for req in ("Envelope", "WinRequest", "HandRequest", "ContextRequest")
      for m, t in (("hand", TILES), ("melds", ARR), ("win_tile", TILE), ("context", OBJ),
                   ("options", OBJ))],
    ("Meld", "type", STR), ("Meld", "tiles", TILES), ("Meld", "concealed", BOOL),
    ("Context", "win_type", STR), ("Context", "after_kong", BOOL), ("Context", "last_tile", BOOL),
    ("Context", "first_turn", BOOL), ("Context", "is_dealer", BOOL), ("Context", "seats", OBJ),
    ("Context", "active", ARR), ("Context", "visible", TILES), ("Context", "kong", OBJ),
    # each variant's own members (API.md, "Each variant owns its context"), in its operations'
    # context components
    ("SichuanContext", "missing_suit", STR), ("ChangshaContext", "birds", TILES),
    ("NanchangContext", "jing", OBJ), ("NanchangContext", "indicator", TILE),
    ("NanchangContext", "others_hold_jing", BOOL), ("NanchangWinKongContext", "jing", OBJ),
    ("NanchangJingContext", "indicator", TILE),
    ("NanchangJingSettlementContext", "holdings", ARR),
    ("HongzhongContext", "codes", TILES), ("HongzhongContext", "code_count", INT),
    *[("Seats", m, INT) for m in ("dealer", "winner", "discarder", "konger", "kong_discarder")],
    ("Kong", "type", STR), ("Kong", "tile", TILE), ("JingPair", "zheng", TILE),
    ("JingPair", "fu", TILE),
    # GET /v1/variants
    ("VariantList", "version", STR), ("VariantList", "variants", ARR),
    ("VariantInfo", "id", STR), ("VariantInfo", "name", STR), ("VariantInfo", "name_zh", STR),
    ("VariantInfo", "tile_set", STR), ("VariantInfo", "operations", ARR),
    ("VariantInfo", "options", ARR),
    ("OptionInfo", "type", STR), ("OptionInfo", "description", STR),
    ("OptionInfo", "choices", ARR),
    # answers
    ("WinAnswer", "win", BOOL), ("WinAnswer", "shapes", ARR), ("WinAnswer", "reason", STR),
    ("WaitsAnswer", "tenpai", BOOL), ("WaitsAnswer", "shanten", INT),
    ("WaitsAnswer", "waits", ARR), ("Wait", "tile", TILE), ("Wait", "remaining", INT),
    ("Wait", "fan", INT),
    ("DiscardsAnswer", "shanten", INT), ("DiscardsAnswer", "discards", ARR),
    ("DiscardChoice", "tile", TILE), ("DiscardChoice", "shanten", INT),
    ("DiscardChoice", "waits", ARR), ("DiscardChoice", "effective_tiles", ARR),
    ("DiscardChoice", "effective_count", INT), ("EffectiveTile", "tile", TILE),
    ("EffectiveTile", "remaining", INT),
    ("Pattern", "id", STR), ("Pattern", "name", STR), ("Pattern", "name_zh", STR),
    ("Pattern", "fan", INT), ("Pattern", "count", INT), ("Pattern", "tiles", ARR),
    ("Reading", "shape", STR), ("Reading", "groups", ARR), ("Group", "kind", STR),
    ("Group", "tiles", ARR), ("Group", "as", ARR), ("Group", "declared", BOOL),
    ("BirdHit", "tile", TILE), ("BirdHit", "seat", INT), ("BirdHit", "hit", BOOL),
    ("KongAnswer", "payments", ARR),
    *[(f"{v}FanAnswer", m, t) for v in ("Sichuan", "Changsha", "Nanchang", "Hongzhong")
      for m, t in (("win", BOOL), ("reason", STR), ("patterns", ARR), ("fan", INT),
                   ("payments", ARR), ("reading", OBJ), ("options", OBJ))],
    ("SichuanFanAnswer", "fan_capped", INT), ("SichuanFanAnswer", "points_per_payer", INT),
    ("SichuanFanAnswer", "payers", STR), ("ChangshaFanAnswer", "base_per_payer", INT),
    ("NanchangFanAnswer", "multiplier", INT), ("NanchangFanAnswer", "flat_per_payer", INT),
    ("ChangshaFanAnswer", "bird_fan", INT), ("ChangshaFanAnswer", "total_fan", INT),
    ("HongzhongFanAnswer", "codes_to_draw", INT), ("ChangshaFanAnswer", "birds_expected", INT),
    ("ChangshaFanAnswer", "birds", ARR), ("ChangshaFanAnswer", "bird_hits", ARR),
    ("ChangshaBirdsAnswer", "birds", ARR), ("ChangshaBirdsAnswer", "bird_hits", ARR),
    ("ChangshaBirdsAnswer", "payments", ARR), ("HongzhongCodesAnswer", "payments", ARR),
    ("ChangshaQishouAnswer", "patterns", ARR), ("ChangshaQishouAnswer", "count", INT),
    ("ChangshaQishouAnswer", "per_other_player", INT),
    ("NanchangJingAnswer", "zheng", TILE), ("NanchangJingAnswer", "fu", TILE),
    ("NanchangJingSettlementAnswer", "scores", ARR),
    ("NanchangJingSettlementAnswer", "deltas", ARR),
    # batch
    ("BatchRequest", "requests", ARR), ("BatchItem", "variant", STR), ("BatchItem", "op", STR),
    ("BatchItem", "body", OBJ), ("BatchAnswer", "results", ARR),
    ("BatchResult", "status", INT), ("BatchResult", "body", OBJ),
    # problems
    ("Problem", "type", STR), ("Problem", "title", STR), ("Problem", "status", INT),
    ("Problem", "detail", STR), ("ValidationProblem", "code", STR),
    ("ValidationProblem", "errors", ARR), ("ProblemPointer", "pointer", STR),
    ("ProblemPointer", "detail", STR),
]

API_PATHS = {
    "/v1/variants": "get", "/v1/variants/{variant}": "get", "/v1/batch": "post",
    "/livez": "get", "/readyz": "get", "/metrics": "get", "/openapi.yaml": "get",
    "/docs": "get",
    **{f"/v1/{v}/{op}": "post" for v in ("sichuan", "changsha", "nanchang", "hongzhong")
       for op in ("win", "waits", "fan", "discards")},
    "/v1/changsha/birds": "post", "/v1/hongzhong/birds": "post", "/v1/sichuan/kong": "post",
    "/v1/nanchang/kong": "post", "/v1/hongzhong/kong": "post", "/v1/changsha/qishou": "post",
    "/v1/nanchang/jing": "post", "/v1/nanchang/jing-settlement": "post",
    **{f"/v1/{v}/claims": "post" for v in ("sichuan", "changsha", "nanchang", "hongzhong")},
}


def test_the_document_is_valid_openapi_3_1():
    doc = spec()
    assert doc["openapi"].startswith("3.1")
    validate(doc)


@pytest.mark.parametrize("schema, member, expected", MEMBERS,
                         ids=[f"{s}.{m}" for s, m, _ in MEMBERS])
def test_every_member_of_api_md_with_its_type(schema, member, expected):
    props = properties(schema)
    assert member in props, f"{schema} has no {member}"
    assert types(props[member]) - {"null"} == expected


@pytest.mark.parametrize("path, method", sorted(API_PATHS.items()))
def test_every_path_of_api_md(path, method):
    assert method in spec()["paths"][path]


def test_shape_ids_reasons_and_problem_codes_of_api_md():
    schemas = spec()["components"]["schemas"]
    assert set(schemas["ShapeId"]["enum"]) == {"standard", "seven_pairs", "thirteen_orphans",
                                               "shi_san_lan", "all_258", "four_wilds"}
    assert set(schemas["Reason"]["enum"]) >= {"no_winning_shape", "que_yi_men", "pair_not_258",
                                              "discard_win_not_allowed",
                                              "jing_diao_needs_self_draw"}
    assert schemas["ValidationProblem"]["properties"]["code"]["enum"] == [
        "invalid_field", "missing_field", "invalid_option", "batch_over_budget",
        "source_not_allowed", "invalid_tile", "bad_meld", "chow_not_allowed", "too_many_copies",
        "bad_tile_count", "locked_not_ready", "seat_left", "hand_over", "not_first_turn",
        "not_after_kong", "kai_gang_mismatch", "multiple_winners", "rob_not_allowed",
        "meld_mismatch", "not_a_qishou", "birds_mismatch", "code_count_mismatch", "not_a_win",
        "amount_too_large"]  # API.md's order (reconciled.md §2)


ERRORS = {  # response component -> (status, the end of its problem type)
    "BadRequest": (400, "about:blank"), "Unauthorized": (401, "unauthorized"),
    "UnknownVariant": (404, "unknown-variant"), "MethodNotAllowed": (405, "about:blank"),
    "PayloadTooLarge": (413, "about:blank"), "UnsupportedMediaType": (415, "about:blank"),
    "NotReady": (503, "not-ready"), "InternalError": (500, "about:blank"),
}


@pytest.mark.parametrize("name, status_type", sorted(ERRORS.items()))
def test_every_error_is_problem_json_with_its_type(name, status_type):
    status, type_end = status_type
    response = spec()["components"]["responses"][name]
    schema = response["content"]["application/problem+json"]["schema"]
    problem = resolve(schema)
    # the RFC 9457 shape of Problem, written out whole with its type, title and status fixed
    base = spec()["components"]["schemas"]["Problem"]
    assert list(problem["properties"]) == list(base["properties"])
    assert problem["required"] == base["required"]
    assert problem["additionalProperties"] is False
    fixed = problem["properties"]
    assert fixed["detail"] == {"type": "string"}
    assert isinstance(fixed["title"]["const"], str)
    assert fixed["status"]["const"] == status
    assert fixed["type"]["const"].endswith(type_end)


def test_422_types_and_404_operation_not_supported():
    v = spec()["components"]["schemas"]["ValidationProblem"]
    assert v["properties"]["type"]["enum"] == ["urn:hupai:problem:validation-error",
                                               "urn:hupai:problem:invalid-hand",
                                               "urn:hupai:problem:invalid-record"]
    alts = spec()["components"]["responses"]["NotFoundV1"]["content"][
        "application/problem+json"]["schema"]["oneOf"]
    ends = {resolve(a)["properties"]["type"]["const"] for a in alts}
    assert ends == {"urn:hupai:problem:unknown-variant",
                    "urn:hupai:problem:operation-not-supported"}


def test_every_error_response_of_every_operation_is_problem_json():
    for path, item in spec()["paths"].items():
        for op in item.values():
            for status, response in op["responses"].items():
                content = resolve(response).get("content", {})
                if status >= "400":
                    assert list(content) == ["application/problem+json"], (path, status)


def test_every_post_under_v1_documents_its_errors():
    for path, item in spec()["paths"].items():
        if path.startswith("/v1/") and "post" in item and "{" not in path:
            assert set(item["post"]["responses"]) == {"200", "400", "401", "413", "415", "422",
                                                      "500"}, path


def test_tile_notation_table_with_the_dragons_in_our_order():
    text = spec()["info"]["description"]
    assert "| `5z` | 白 White dragon |" in text
    assert "| `6z` | 发 Green dragon |" in text
    assert "| `7z` | 中 Red dragon (红中) |" in text
    assert "中发白 as 5z 6z 7z" in text  # the warning about the reverse numbering


def test_response_schemas_are_strict():
    """Every object schema with properties says which are required and allows no others."""
    def walk(node, where):  # type: ignore[no-untyped-def]
        if isinstance(node, dict):
            if "properties" in node and node.get("type") == "object":
                assert node.get("additionalProperties") is False, where
            for k, v in node.items():
                walk(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}/{i}")

    walk(spec()["components"]["schemas"], "#/components/schemas")
    for name, schema in spec()["components"]["schemas"].items():
        if name.endswith("Answer") and "properties" in schema:
            assert schema.get("required"), name


def test_every_ref_names_a_whole_component():
    """A ``$ref`` into a schema's properties (``…/Context/properties/win_type``) is valid JSON
    Schema, but code generators resolve only whole components: a member several schemas
    share is a component of its own (``WinType``)."""
    def walk(node, where):  # type: ignore[no-untyped-def]
        if isinstance(node, dict):
            ref = node.get("$ref")
            if ref is not None:
                assert ref.count("/") == 3 and ref.startswith("#/components/"), (where, ref)
            for k, v in node.items():
                walk(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}/{i}")

    walk(spec(), "#")


@pytest.mark.parametrize("variant", ["Sichuan", "Changsha", "Nanchang", "Hongzhong"])
@pytest.mark.parametrize("op", ["Win", "Fan"])
def test_win_and_fan_answers_are_a_union_on_win(variant, op):
    """`{variant}{op}Answer` is a oneOf of a win and ``{variant}NoWin``, each a closed object
    whose ``win`` is a ``const`` (the generated clients' discriminator); the win has no
    ``reason``, the non-win only ``win``, ``reason`` and the variant's options."""
    union = spec()["components"]["schemas"][f"{variant}{op}Answer"]
    names = [b["$ref"].rsplit("/", 1)[1] for b in union["oneOf"]]
    assert names == [f"{variant}{'Win' if op == 'Win' else 'FanWin'}", f"{variant}NoWin"]
    win, no_win = (properties(n) for n in names)
    assert win["win"] == {"const": True} and "reason" not in win
    assert no_win["win"] == {"const": False}
    assert set(no_win) == {"win", "reason", "options"}
    options = f"#/components/schemas/{variant}EffectiveOptions"
    assert win["options"] == no_win["options"] == {"$ref": options}
    for name in names:
        closed = resolve({"$ref": f"#/components/schemas/{name}"})
        closed = resolve(closed["allOf"][0]) if "allOf" in closed else closed
        assert closed["additionalProperties"] is False
        # options are left out under `Prefer: return=minimal` (service/prefer.py)
        assert "win" in closed["required"] and "options" not in closed["required"]
