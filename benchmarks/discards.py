"""The engine's ``discards`` alone, on a game's fresh hands, this tree against another.

    python -m benchmarks.discards --against DIR [--games 30] [--rounds 5]

Why beside `benchmarks.game_profile`: a ``discards`` call through the WSGI app is ~1 ms of
which the engine is a quarter to a half, so a cut of the engine's per-discard Python is
lost in the service's and the shared machine's noise there. Here the ``discards`` bodies of
`benchmarks.game_play`'s streams are parsed first (not timed), then each tree's engine
answers all of them once in a fresh process (its memos empty: every hand new to it),
CPU time (``process_time_ns``); the trees alternate ``--rounds`` times and the least mean of
each is printed, with a digest of the answers (equal digests: the same answers).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_ONE_RUN = """
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from engine.variants import get
variant = get(sys.argv[2])
bodies = [json.loads(json.loads(line)["payload"]) for line in open(sys.argv[3])]
requests = [variant.request(body) for body in bodies]
spent, answers = 0, []
for request in requests:
    start = time.process_time_ns()
    answers.append(variant.discards(request))
    spent += time.process_time_ns() - start
print(spent / 1000 / len(requests), hashlib.md5(repr(answers).encode()).hexdigest()[:10])
"""


def one_run(tree: Path, variant: str, stream: Path) -> tuple[float, str]:
    run = subprocess.run([sys.executable, "-c", _ONE_RUN, str(tree), variant, str(stream)],
                         cwd=tree, capture_output=True, text=True, check=True)
    mean, digest = run.stdout.split()
    return float(mean), digest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, required=True)
    parser.add_argument("--variants", default="sichuan,changsha,nanchang,hongzhong")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=1000)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from benchmarks.game_play import record
    from service.app import create_app

    trees = {"against": args.against.resolve(), "this": ROOT}
    print("| variant | calls | against µs | this µs | this/against | same answers |\n"
          "|---|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="hupai-discards-") as tmp:
        for variant in args.variants.split(","):
            caller = record(variant, args.games, create_app().test_client(), args.first_seed)
            calls = [c for c in caller.calls if c.kind == "discards"]
            stream = Path(tmp) / f"{variant}.jsonl"
            stream.write_text("".join(json.dumps({"payload": c.payload.decode()}) + "\n"
                                      for c in calls))
            found: dict[str, list[tuple[float, str]]] = {name: [] for name in trees}
            for n in range(args.rounds):
                order = list(trees.items())
                for name, tree in order if n % 2 == 0 else reversed(order):
                    found[name].append(one_run(tree, variant, stream))
            before = min(t for t, _ in found["against"])
            after = min(t for t, _ in found["this"])
            same = len({d for runs in found.values() for _, d in runs}) == 1
            print(f"| {variant} | {len(calls)} | {before:,.1f} | {after:,.1f} | "
                  f"{after / before:.2f} | {'yes' if same else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
