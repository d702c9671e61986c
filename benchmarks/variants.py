"""Whole ``fan`` and ``waits`` operations of 长沙, 南昌 and 红中 on fixed hands, µs a call.

Written for issue 12's pattern tables: it runs unchanged on the old layout (7a75855) and the
new one (it goes through the registry and the variant's ``request`` only), so the two are
compared by running it alternately, each with its own ``PYTHONPATH``. CPU time
(``process_time_ns``), the median over batches of the mean a call. Run:
``python -m benchmarks.variants [--quick]``; to compare two trees, copy the script out of
both and run it from elsewhere with each tree's ``PYTHONPATH`` (``python -m`` from a tree's
root imports that tree, whatever the path says).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from engine import variants

JING = {"zheng": "5z", "fu": "6z"}
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("changsha", "fan", {"hand": "123m456m789m2255p", "win_tile": "5p"}),
    ("changsha", "fan", {"hand": "1122335566779p", "win_tile": "9p",
                         "context": {"win_type": "self_draw"}}),
    ("changsha", "fan", {"hand": "222m555m888m22p55s", "win_tile": "5s"}),
    ("changsha", "waits", {"hand": "123m456m789m2255p"}),
    ("changsha", "waits", {"hand": "1112345678999p"}),
    ("hongzhong", "fan", {"hand": "123m456m789m123p5p", "win_tile": "5p"}),
    ("hongzhong", "fan", {"hand": "13m46m789m13p5p7z7z7z", "win_tile": "7z"}),
    ("hongzhong", "fan", {"hand": "1122m3344p5566s7z", "win_tile": "7z"}),
    ("hongzhong", "waits", {"hand": "13m46m789m1p5p7z7z7z7z"}),
    ("hongzhong", "waits", {"hand": "123m456m789m123p5p"}),
    ("nanchang", "fan", {"hand": "123m456m789m123p5p", "win_tile": "5p",
                         "context": {"jing": JING}}),
    ("nanchang", "fan", {"hand": "1122m3344p5566s5z", "win_tile": "5z",
                         "context": {"jing": JING, "win_type": "self_draw"}}),
    ("nanchang", "fan", {"hand": "147m258p369s1234z", "win_tile": "5z",
                         "context": {"jing": {"zheng": "6z", "fu": "7z"}}}),
    ("nanchang", "waits", {"hand": "123m456m789m123p5p", "context": {"jing": JING}}),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args(argv)
    batches, per_batch = (9, 100) if args.quick else (31, 200)
    for variant_id, op, body in CASES:
        variant = variants.get(variant_id)
        assert variant is not None
        req = variant.request(body)
        call = getattr(variant, op)
        call(req)  # warm
        samples = []
        for _ in range(batches):
            start = time.process_time_ns()
            for _ in range(per_batch):
                call(req)
            samples.append((time.process_time_ns() - start) / per_batch / 1000)
        label = f"{variant_id} {op} {body['hand']}"
        print(f"{label:40} {statistics.median(samples):8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
