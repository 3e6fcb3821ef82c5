"""``python -m skald.benchmarks [--quick] [--json]``: every benchmark, as ``skald bench`` runs them."""

from __future__ import annotations

import argparse
import json

from skald.benchmarks import run_all


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m skald.benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    args = parser.parse_args()
    results = run_all(quick=args.quick, echo=not args.json)
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
