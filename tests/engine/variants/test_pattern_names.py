"""One English name per Chinese name (issue 12 item 5): the same 名 reads the same in every
variant. Pattern ids and each variant's Chinese names stay as RULES.md gives them."""

from __future__ import annotations

from collections import defaultdict

from engine.variants.changsha.patterns import PATTERN_NAMES as CHANGSHA
from engine.variants.hongzhong.patterns import PATTERN_NAMES as HONGZHONG
from engine.variants.nanchang.patterns import PATTERN_NAMES as NANCHANG
from engine.variants.sichuan.patterns import PATTERN_NAMES as SICHUAN

TABLES: dict[str, dict[str, tuple[str, str]]] = {
    "sichuan": SICHUAN,
    "changsha": CHANGSHA,
    "nanchang": NANCHANG,
    "hongzhong": HONGZHONG,
}


def test_every_variant_has_a_table() -> None:
    assert all(len(table) >= 7 for table in TABLES.values())


def test_one_english_name_per_chinese_name() -> None:
    names: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
    for variant, table in TABLES.items():
        for pid, (name, name_zh) in table.items():
            names[name_zh].add((name, variant, pid))
    split = {zh: sorted(found) for zh, found in names.items()
             if len({name for name, _, _ in found}) > 1}
    assert not split


def test_the_names_the_variants_share() -> None:
    # the choices of item 5 (README "Decisions"), pinned where two or more variants hold them
    expected = {
        "平胡": "Plain hand", "七对": "Seven pairs", "清一色": "Full flush",
        "天胡": "Heavenly hand", "地胡": "Earthly hand", "门清": "Concealed hand",
        "抢杠胡": "Robbing the kong", "杠上开花": "Self-draw after kong",
        "杠上炮": "Discard after kong", "海底捞月": "Last tile self-draw",
        "海底炮": "Last tile discard", "碰碰胡": "All pongs",
    }
    found = {zh: name for table in TABLES.values() for name, zh in table.values()}
    assert {zh: found[zh] for zh in expected} == expected
