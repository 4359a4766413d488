#!/usr/bin/env python3
"""Benchmark: bundlecheck on a 1 GiB IPA with 20,000 entries and several extensions.

Prints bundlecheck's wall time and peak RSS beside `unzip -l` on the same file, and
exits non-zero when peak RSS exceeds 100 MiB or the wall time exceeds 3x unzip -l's
plus 0.5 s. The checks of the foundation need only the central directory and the
property lists, so bundlecheck should stay close to a listing of the archive. The app carries
a real asset catalog (the corpus's Flutter app's, when ../shared/corpus is there), as real apps
do; the icon rules read it in two passes of its entry.

Then the same run writing both SBOMs beside the JSON (`--report cyclonedx=… --report spdx=…`),
paired with the run without (A B A B …): exits non-zero when its median wall time exceeds 1.05x
the run without, or its peak RSS 64 MiB. This package's bundles name executables it does not
hold (the figure is the SBOMs' own cost over 20,000 entries); Benchmarks/large-executables.py
prints what hashing 500 MiB of executables adds.

Usage: Benchmarks/large-ipa.py [--bundlecheck PATH] [--keep] [--workdir DIR]
"""
import argparse
import os
import plistlib
import subprocess
import sys
import time
import zipfile

from benchmark_support import measure, paired, verdict, work_folder

TOTAL_BYTES = 1 << 30
ENTRY_COUNT = 20_000
EXTENSIONS = ["Share", "Action", "Widget", "NotificationService", "Intents"]
RSS_LIMIT_KIB = 100 * 1024
SBOM_RSS_LIMIT_KIB = 64 * 1024
SBOM_TIME_RATIO = 1.05


def info_plist(name, bundle_id, point=None, binary=False):
    plist = {
        "CFBundleExecutable": name,
        "CFBundleIdentifier": bundle_id,
        "CFBundlePackageType": "XPC!" if point else "APPL",
        "CFBundleShortVersionString": "3.1.0",
        "CFBundleVersion": "310",
    }
    if point:
        plist["NSExtension"] = {"NSExtensionPointIdentifier": point}
    return plistlib.dumps(plist, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML)


CORPUS_CATALOG = ("../shared/corpus/shorebird/flutter-base.ipa", "Payload/Runner.app/Assets.car")


def real_catalog():
    """A real app's Assets.car (the corpus's Flutter app: Xcode 14.3, an all-sizes AppIcon set),
    as real apps carry one; None without the corpus."""
    package, entry = CORPUS_CATALOG
    if not os.path.exists(package):
        return None
    with zipfile.ZipFile(package) as archive:
        return archive.read(entry)


def build(path):
    app = "Payload/Big.app"
    block = os.urandom(1 << 20)
    catalog = real_catalog()
    plist = plistlib.loads(info_plist("Big", "com.example.big"))
    if catalog:
        plist["CFBundleIcons"] = {"CFBundlePrimaryIcon": {"CFBundleIconName": "AppIcon"}}
    plists = {f"{app}/Info.plist": plistlib.dumps(plist)}
    if catalog:
        plists[f"{app}/Assets.car"] = catalog
    for index, name in enumerate(EXTENSIONS):
        point = "com.apple.share-services" if name == "Share" else "com.apple.widgetkit-extension"
        plists[f"{app}/PlugIns/{name}.appex/Info.plist"] = info_plist(
            name, f"com.example.big.{name.lower()}", point, binary=index % 2 == 1)
    data_entries = ENTRY_COUNT - len(plists)
    per_entry = TOTAL_BYTES // data_entries
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for name, data in plists.items():
            archive.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
        for index in range(data_entries):
            folder = f"{app}/PlugIns/{EXTENSIONS[index % len(EXTENSIONS)]}.appex" if index % 4 == 0 else f"{app}/Assets"
            offset = (index * 7919) % (len(block) - per_entry)
            archive.writestr(f"{folder}/resource-{index:05d}.bin", block[offset:offset + per_entry])




def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundlecheck", default=".build/release/bundlecheck")
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    if not os.path.exists(args.bundlecheck):
        sys.exit(f"error: {args.bundlecheck} not found; run `make build` first")
    with work_folder(args.workdir, "bundlecheck-bench-", keep=args.keep) as workdir:
        path = os.path.join(workdir, "Big.ipa")
        if not os.path.exists(path):
            start = time.monotonic()
            build(path)
            print(f"built {path}: {os.path.getsize(path) / (1 << 30):.2f} GiB, "
                  f"{ENTRY_COUNT} entries, {len(EXTENSIONS)} extensions in {time.monotonic() - start:.1f} s")
        unzip_time, unzip_rss, _ = measure(["unzip", "-l", path])
        check_time, check_rss, status = measure([args.bundlecheck, "--format", "json", path])
        limit = 3 * unzip_time + 0.5
        print(f"unzip -l      wall {unzip_time:7.3f} s   peak RSS {unzip_rss / 1024:7.1f} MiB")
        print(f"bundlecheck   wall {check_time:7.3f} s   peak RSS {check_rss / 1024:7.1f} MiB   exit {status}")
        print(f"limits        wall {limit:7.3f} s   peak RSS {RSS_LIMIT_KIB / 1024:7.1f} MiB")
        failures = []
        if status not in (0, 1):
            failures.append(f"bundlecheck exited {status}")
        if check_rss > RSS_LIMIT_KIB:
            failures.append("peak RSS over 100 MiB")
        if check_time > limit:
            failures.append("wall time over 3x unzip -l + 0.5 s")
        base = [args.bundlecheck, "--format", "json", "-o", os.devnull, path]
        sboms = base + ["--report", f"cyclonedx={os.path.join(workdir, 'Big.cdx.json')}",
                        "--report", f"spdx={os.path.join(workdir, 'Big.spdx.json')}"]
        without, with_sboms, ratio, _, sbom_rss = paired(base, sboms)
        print(f"SBOMs         wall {with_sboms:7.3f} s   peak RSS {sbom_rss / 1024:7.1f} MiB   "
              f"{ratio:.3f}x the run without ({without:.3f} s; medians of 5 paired runs)")
        print(f"limits        {SBOM_TIME_RATIO:.2f}x              peak RSS {SBOM_RSS_LIMIT_KIB / 1024:7.1f} MiB")
        if ratio > SBOM_TIME_RATIO:
            failures.append(f"the SBOMs' run over {SBOM_TIME_RATIO}x the run without")
        if sbom_rss > SBOM_RSS_LIMIT_KIB:
            failures.append("the SBOMs' run over 64 MiB peak RSS")
        return verdict(failures)


if __name__ == "__main__":
    sys.exit(main())
