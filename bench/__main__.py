"""Run every `bench/bench_*.py` (or those named) and write the figures to bench/results.json."""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> int:
    """Run the named benchmarks, or all of them."""
    available = sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    chosen = names or available
    unknown = sorted(set(chosen) - set(available))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; have: {', '.join(available)}")
        return 2
    results: dict[str, object] = {
        "machine": {"python": platform.python_version(), "processor": platform.machine()},
        "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    for name in chosen:
        print(f"== {name}")
        module = importlib.import_module(f"bench.bench_{name}")
        results[name] = module.run()
    (HERE / "results.json").write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(f"figures written to {HERE / 'results.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
