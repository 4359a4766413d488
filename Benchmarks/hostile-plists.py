#!/usr/bin/env python3
"""Benchmark: bundlecheck on packages whose Info.plist is deep and wide.

Each package holds one app whose Info.plist nests containers just under the
parsers' depth cap (values at level 250; the cap is 256, see docs/limits.md)
with a very wide container at the bottom, every value `$(A)`, which the shipped
`unexpanded-variable` rule (it walks `/**`) reports. XML files stay under the
8 MiB Info.plist cap; the binary one refers to one shared string a million times,
just under the one-million-values cap. Flat plists of the same size are the
baseline: any cost that grows with depth × width shows as a gap between the two.
The last two cases hold distinct values instead (`value-number-0000001` and so on),
which nothing can share: what the reader keeps per value shows there.

Prints wall time and peak RSS for each package and exits non-zero when one takes
a second or more, or more than 64 MiB.

Usage: Benchmarks/hostile-plists.py [--bundlecheck PATH] [--keep] [--workdir DIR] [--runs N]
"""
import argparse
import os
import plistlib
import subprocess
import sys
import zipfile

from benchmark_support import measure, verdict, work_folder

# The level of the innermost values, the root dictionary being level 1.
DEPTH = 250
TIME_LIMIT_SECONDS = 1.0
RSS_LIMIT_KIB = 64 * 1024
INFO_PLIST_CAP = 8 << 20

APP_KEYS = {
    "CFBundleExecutable": "Hostile",
    "CFBundleIdentifier": "com.example.hostile",
    "CFBundlePackageType": "APPL",
    "CFBundleShortVersionString": "1.0",
    "CFBundleVersion": "1",
}


def xml_plist(depth, width, keyed=False, distinct=False):
    """An XML Info.plist, written without indentation so that depth costs no bytes per value;
    every value `$(A)`, or with `distinct` each one its own 20-character string."""
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n']
    for key, value in APP_KEYS.items():
        parts.append(f"<key>{key}</key><string>{value}</string>\n")
    # The root is level 1, each nested dictionary one more, the wide container
    # at depth - 1 and its values at depth.
    for _ in range(depth - 2 - 1):
        parts.append("<key>d</key><dict>\n")
    parts.append("<key>d</key>")
    if keyed:
        parts.append("<dict>\n")
        parts.extend(f"<key>k{index}</key><string>$(A)</string>\n" for index in range(width))
        parts.append("</dict>\n")
    else:
        parts.append("<array>\n")
        if distinct:
            parts.extend(f"<string>value-number-{index:07d}</string>\n" for index in range(width))
        else:
            parts.extend("<string>$(A)</string>\n" for _ in range(width))
        parts.append("</array>\n")
    parts.append("</dict>\n" * (depth - 2 - 1))
    parts.append("</dict>\n</plist>\n")
    return "".join(parts).encode()


def binary_plist(depth, width):
    """A binary Info.plist; plistlib writes the one `$(A)` string once and refers to it `width` times."""
    bottom = ["$(A)"] * width
    value = bottom
    for _ in range(depth - 2):
        value = {"d": value}
    plist = dict(APP_KEYS)
    plist.update(value)
    return plistlib.dumps(plist, fmt=plistlib.FMT_BINARY, sort_keys=False)


def cases():
    """(name, Info.plist bytes): deep and flat variants of the same width."""
    yield "xml-deep-100k", xml_plist(DEPTH, 100_000)
    yield "xml-flat-100k", xml_plist(3, 100_000)
    yield "xml-deep-8mib", xml_plist(DEPTH, 370_000)
    yield "xml-flat-8mib", xml_plist(3, 370_000)
    yield "xml-deep-keys", xml_plist(DEPTH, 200_000, keyed=True)
    yield "binary-deep-1m", binary_plist(DEPTH, 999_000)
    yield "binary-flat-1m", binary_plist(3, 999_000)
    yield "xml-deep-distinct", xml_plist(DEPTH, 220_000, distinct=True)
    yield "xml-flat-distinct", xml_plist(3, 220_000, distinct=True)


def write_package(path, info_plist):
    assert len(info_plist) < INFO_PLIST_CAP, f"{path}: Info.plist of {len(info_plist)} bytes is over the cap"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Payload/Hostile.app/Info.plist", info_plist)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundlecheck", default=".build/release/bundlecheck")
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--build-only", action="store_true", help="write the packages and stop")
    args = parser.parse_args()
    if not args.build_only and not os.path.exists(args.bundlecheck):
        sys.exit(f"error: {args.bundlecheck} not found; run `make build` first")
    failures = []
    with work_folder(args.workdir, "bundlecheck-hostile-", keep=args.keep) as workdir:
        for name, info_plist in cases():
            path = os.path.join(workdir, name + ".ipa")
            write_package(path, info_plist)
            if args.build_only:
                print(f"wrote {path}: {os.path.getsize(path)} bytes, Info.plist {len(info_plist)} bytes")
                continue
            wall, rss, status = measure([args.bundlecheck, "--format", "json", path], runs=args.runs)
            print(f"{name:16} Info.plist {len(info_plist) / (1 << 20):5.2f} MiB   "
                  f"wall {wall:7.3f} s   peak RSS {rss / 1024:6.1f} MiB   exit {status}")
            if status not in (0, 1):
                failures.append(f"{name}: bundlecheck exited {status}")
            if wall >= TIME_LIMIT_SECONDS:
                failures.append(f"{name}: {wall:.3f} s, not under {TIME_LIMIT_SECONDS} s")
            if rss > RSS_LIMIT_KIB:
                failures.append(f"{name}: peak RSS {rss / 1024:.1f} MiB, over 64 MiB")
        return 0 if args.build_only else verdict(failures)


if __name__ == "__main__":
    sys.exit(main())
