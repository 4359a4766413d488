#!/usr/bin/env python3
"""Benchmark: the release review (`bundlecheck diff`) against checking one package, as ratios.

Uses package a of peers.py (1 GiB, 20,000 entries, an app and 5 extensions whose signed arm64
executables hold 512 MiB, every code page hashed) as OLD, and builds its next build as NEW:
the same layout with version 3.2.0 (320), so every Info.plist and so every signature differs.
Both are kept in the work folder and reused while their parameters are the same. OLD's JSON
report is written once, untimed, as a dashboard would have kept it.

Then runs, in turn on the same files (A B C A B C ..., `--runs` rounds):
  check            bundlecheck --format json NEW            the yardstick
  diff packages    bundlecheck diff --format json OLD NEW   both sides checked
  diff report      bundlecheck diff --format json OLD.json NEW
and prints the medians of wall time and of peak RSS (GNU time's %M, as peers.py reads it),
each time as a ratio to the check's.

Exits non-zero, naming the gate, when the diff of two packages takes more than 2.1x the check,
the diff of a report and a package more than 1.1x, when any of the three peaks over 64 MiB in
any run, when a command fails, or when the review is not what NEW's changes make it (two
different builds with changes, no bundle added or removed).

Usage: Benchmarks/review.py [--bundlecheck PATH] [--runs N] [--quick] [--keep] [--workdir DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import time

from benchmark_support import median, run_measured, verdict, work_folder
from peers import prepared, specifications

TWO_PACKAGES_LIMIT = 2.1
REPORT_LIMIT = 1.1
RSS_LIMIT_KIB = 64 * 1024
NEXT_VERSION = ["3.2.0", "320"]  # a list: the kept stamp is JSON, where a tuple reads back as one


def expected_review(bundlecheck, old, new):
    """Runs the review once (untimed); the failures that make it the wrong review to time."""
    result = subprocess.run([bundlecheck, "diff", "--format", "json", old, new], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        return [f"diff exited {result.returncode}: {result.stderr.strip()[:300]}"]
    review = json.loads(result.stdout)
    summary = review["summary"]
    print(f"  review: {summary['bundlesChanged']} bundles changed, {summary['changes']} changes, "
          f"verdicts {[verdict['rule'] for verdict in review['verdicts']] or 'none'}", flush=True)
    failures = []
    if summary["bundlesAdded"] or summary["bundlesRemoved"]:
        failures.append(f"the review adds or removes bundles: {summary}")
    if review["sameBuild"] or summary["changes"] == 0:
        failures.append("the review finds no change between the two builds")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundlecheck", default=".build/release/bundlecheck")
    parser.add_argument("--runs", type=int, default=5, help="paired rounds (default 5)")
    parser.add_argument("--quick", action="store_true", help="64 MiB packages: a smoke test of this script, whose gates mean little")
    parser.add_argument("--workdir", default=None, help="where packages are built and kept")
    parser.add_argument("--keep", action="store_true", help="keep the temporary work folder")
    args = parser.parse_args()
    if not os.path.exists(args.bundlecheck):
        sys.exit(f"error: {args.bundlecheck} not found; run `make build` first")
    if args.runs < 1:
        sys.exit("error: --runs at least 1")
    bundlecheck = os.path.abspath(args.bundlecheck)
    with work_folder(args.workdir, "bundlecheck-review-", keep=args.keep) as workdir:
        spec = specifications(args.quick)["a"]
        suffix = "-quick" if args.quick else ""
        old, _ = prepared(workdir, "a" + suffix, spec)
        new, _ = prepared(workdir, "a-next" + suffix, dict(spec, version=NEXT_VERSION))
        report = os.path.join(workdir, f"peers-a{suffix}.report.json")
        with open(report, "w") as file:
            status = subprocess.call([bundlecheck, "--format", "json", old], stdout=file)
        if status not in (0, 1):
            sys.exit(f"error: bundlecheck exited {status} writing OLD's report")
        failures = expected_review(bundlecheck, old, new)
        steps = [
            ("check", [bundlecheck, "--format", "json", new]),
            ("diff packages", [bundlecheck, "diff", "--format", "json", old, new]),
            ("diff report", [bundlecheck, "diff", "--format", "json", report, new]),
        ]
        for path in (old, new):
            with open(path, "rb") as file:
                while file.read(16 << 20):  # both packages in the page cache before the first run
                    pass
        results = {name: ([], []) for name, _ in steps}
        started = time.monotonic()
        for done in range(1, args.runs + 1):
            for name, argv in steps:
                elapsed, peak, status = run_measured(argv)
                if status not in (0, 1):
                    failures.append(f"{name} exited {status}")
                results[name][0].append(elapsed)
                results[name][1].append(peak)
            print(f"  round {done} of {args.runs} done after {time.monotonic() - started:.0f} s", flush=True)
        base = median(results["check"][0])
        print(f"\nmedians of {args.runs} paired runs; ratio to checking NEW alone (min-max of the per-round ratios)")
        print(f"{'command':<16}{'median s':>10}{'ratio':>8}{'spread':>14}{'RSS MiB':>9}{'max':>7}")
        for name, (times, peaks) in results.items():
            ratios = [time_ / check for time_, check in zip(times, results["check"][0])]
            spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
            print(f"{name:<16}{median(times):>10.3f}{median(times) / base:>8.2f}{spread:>14}{median(peaks) / 1024:>9.1f}{max(peaks) / 1024:>7.1f}")
            if max(peaks) > RSS_LIMIT_KIB:
                failures.append(f"{name}: peak RSS {max(peaks) / 1024:.1f} MiB (limit {RSS_LIMIT_KIB // 1024} MiB)")
        for name, limit in (("diff packages", TWO_PACKAGES_LIMIT), ("diff report", REPORT_LIMIT)):
            ratio = median(results[name][0]) / base
            if ratio > limit:
                failures.append(f"{name} takes {ratio:.2f}x the check of one package (limit {limit}x)")
        return verdict(failures)


if __name__ == "__main__":
    sys.exit(main())
