#!/usr/bin/env python3
"""Benchmark: bundlecheck on an IPA whose signed Mach-O executables total 500 MiB.

Reading signatures needs the load commands at the start of each executable and the code
signature at its end, and the binary rules scan an 8 MiB __cstring section in each: one
forward pass through each (deflated) entry, nothing held whole, only matching strings kept.
Prints bundlecheck's wall time and peak RSS beside `unzip -p` of the same executables to
/dev/null, and exits non-zero when peak RSS exceeds 100 MiB or the wall time exceeds 1.5x
`unzip -p`'s.

Also prints, without a limit, what writing an SBOM adds (`--report cyclonedx=…`, which reads each
executable to its end and hashes it), paired with the run without (A B A B …).

Usage: Benchmarks/large-executables.py [--bundlecheck PATH] [--workdir DIR]
"""
import argparse
import os
import sys
import time
import zipfile

from benchmark_support import cstrings, entitlements_for, executable, info_plist, measure, paired, verdict, work_folder

EXECUTABLE_BYTES = 100 << 20
BUNDLES = ["Big", "Share", "Action", "Widget", "Intents"]
RSS_LIMIT_KIB = 100 * 1024
CSTRING_BYTES = 8 << 20


def build(path):
    blocks = [os.urandom(1 << 20)]
    strings = cstrings(CSTRING_BYTES)
    names = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for index, name in enumerate(BUNDLES):
            folder = "Payload/Big.app" if index == 0 else f"Payload/Big.app/PlugIns/{name}.appex"
            identifier = "com.example.big" if index == 0 else f"com.example.big.{name.lower()}"
            plist = info_plist(name, identifier, None if index == 0 else "com.apple.widgetkit-extension")
            archive.writestr(f"{folder}/Info.plist", plist)
            entitlements = entitlements_for(identifier, ["group.com.example.big"])
            with archive.open(f"{folder}/{name}", "w", force_zip64=True) as entry:
                for chunk in executable(identifier, EXECUTABLE_BYTES, blocks, strings, entitlements, plist):
                    entry.write(chunk)
            names.append(f"{folder}/{name}")
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundlecheck", default=".build/release/bundlecheck")
    parser.add_argument("--workdir", default=None)
    args = parser.parse_args()
    if not os.path.exists(args.bundlecheck):
        sys.exit(f"error: {args.bundlecheck} not found; run `make build` first")
    with work_folder(args.workdir, "bundlecheck-bench-") as workdir:
        path = os.path.join(workdir, "BigExecutables.ipa")
        start = time.monotonic()
        names = build(path)
        print(f"built {path}: {os.path.getsize(path) / (1 << 20):.0f} MiB, {len(names)} signed executables of "
              f"{EXECUTABLE_BYTES >> 20} MiB each (deflated) in {time.monotonic() - start:.1f} s")
        unzip_time, unzip_rss, _ = measure(["unzip", "-p", path, *names])
        check_time, check_rss, status = measure([args.bundlecheck, "--format", "json", path])
        print(f"unzip -p      wall {unzip_time:7.3f} s   peak RSS {unzip_rss / 1024:7.1f} MiB")
        print(f"bundlecheck   wall {check_time:7.3f} s   peak RSS {check_rss / 1024:7.1f} MiB   exit {status}   "
              f"({check_time / unzip_time:.2f}x unzip -p)")
        print(f"limits        wall {1.5 * unzip_time:7.3f} s   peak RSS {RSS_LIMIT_KIB / 1024:7.1f} MiB")
        failures = []
        if status not in (0, 1):
            failures.append(f"bundlecheck exited {status}")
        if check_rss > RSS_LIMIT_KIB:
            failures.append("peak RSS over 100 MiB")
        if check_time > 1.5 * unzip_time:
            failures.append("wall time over 1.5x unzip -p")
        base = [args.bundlecheck, "--format", "json", "-o", os.devnull, path]
        sbom = base + ["--report", f"cyclonedx={os.path.join(workdir, 'BigExecutables.cdx.json')}"]
        without, with_sbom, ratio, _, sbom_rss = paired(base, sbom)
        print(f"with an SBOM  wall {with_sbom:7.3f} s   peak RSS {sbom_rss / 1024:7.1f} MiB   "
              f"{ratio:.3f}x the run without ({without:.3f} s; medians of 5 paired runs)")
        return verdict(failures)


if __name__ == "__main__":
    sys.exit(main())
