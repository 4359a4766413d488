#!/usr/bin/env python3
"""Benchmark: bundlecheck on an IPA whose app holds a 256 MiB compiled asset catalog.

The catalog is the fixture builder's (`bundlecheck-fixtures asset-catalog benchmark`), laid out
as Xcode's are: image sets of 256x256 LZFSE images, the AppIcon set written half-way through
them, its 1024x1024 App Store icon in the middle of the file, the trees' headers and first
nodes at the start and the block table and variables at the end. Inside the IPA it is a
deflated entry, which cannot seek: bundlecheck lists it in a few forward passes, keeping only
the blocks each step needs, the App Store icon's pixels on the way, and decodes the icon to
judge its alpha. The yardstick is one inflate of the entry: `unzip -p Big.ipa
Payload/Big.app/Assets.car > /dev/null`.

Then three damaged catalogs (cut short, a tree that links back to itself, a tree node that
declares 65,535 entries) in small IPAs, each of which must end in asset-catalog-malformed in
under a second and 64 MiB.

Prints the figures and their ratio; exits non-zero when the ratio passes 3, the peak RSS
64 MiB, or a damaged catalog is not reported in time.

Usage: Benchmarks/large-catalog.py [--bundlecheck PATH] [--fixtures PATH] [--workdir DIR] [--keep] [--runs N]
"""
import argparse
import json
import os
import plistlib
import subprocess
import sys
import time
import zipfile

from benchmark_support import median, run_measured, verdict, work_folder

CATALOG_BYTES = 256 << 20
RSS_LIMIT_KIB = 64 * 1024
RATIO_LIMIT = 3.0
HOSTILE_SECONDS = 1.0
HOSTILE = ["truncated", "tree-cycle", "wide-tree-node"]


def app_plist():
    return plistlib.dumps({
        "CFBundleExecutable": "Big", "CFBundleIdentifier": "com.example.big", "CFBundleName": "Big",
        "CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
        "MinimumOSVersion": "16.0", "CFBundleSupportedPlatforms": ["iPhoneOS"], "DTPlatformName": "iphoneos",
        "DTSDKName": "iphoneos26.1", "CFBundleIcons": {"CFBundlePrimaryIcon": {"CFBundleIconName": "AppIcon"}},
    })


def package(path, catalog):
    """An IPA of the app's Info.plist and `catalog` as its deflated Assets.car."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        archive.writestr("Payload/Big.app/Info.plist", app_plist())
        archive.write(catalog, "Payload/Big.app/Assets.car")


def catalog_findings(bundlecheck, path):
    """The asset-catalog rules' findings of one run, from its JSON report."""
    output = subprocess.run([bundlecheck, "--format", "json", path], capture_output=True, check=False).stdout
    findings = json.loads(output)["inputs"][0]["findings"]
    return sorted(f["rule"] for f in findings if f["rule"] in ("asset-catalog-malformed", "app-store-icon-missing", "app-store-icon-alpha", "app-icon-set-missing"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundlecheck", default=".build/release/bundlecheck")
    parser.add_argument("--fixtures", default=".build/release/bundlecheck-fixtures")
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for tool in (args.bundlecheck, args.fixtures):
        if not os.path.exists(tool):
            sys.exit(f"error: {tool} not found; run `swift build -c release --product bundlecheck` and `--product bundlecheck-fixtures` first")
    failures = []
    with work_folder(args.workdir, "bundlecheck-catalog-", keep=args.keep) as workdir:
        ipa = os.path.join(workdir, "Big.ipa")
        if not os.path.exists(ipa):
            start = time.monotonic()
            catalog = os.path.join(workdir, "Big.car")
            subprocess.run([args.fixtures, "asset-catalog", "benchmark", str(CATALOG_BYTES), catalog], check=True, stdout=subprocess.DEVNULL)
            package(ipa, catalog)
            print(f"built {ipa}: catalog {os.path.getsize(catalog) / (1 << 20):.1f} MiB, "
                  f"IPA {os.path.getsize(ipa) / (1 << 20):.1f} MiB in {time.monotonic() - start:.1f} s")
            os.remove(catalog)
        found = catalog_findings(args.bundlecheck, ipa)
        if found:
            failures.append(f"the benchmark catalog gave {found}; an opaque App Store icon deserves none")
        unzip = ["sh", "-c", f"exec unzip -p '{ipa}' Payload/Big.app/Assets.car > /dev/null"]
        check = [args.bundlecheck, "--format", "json", ipa]
        pairs = []
        for _ in range(args.runs):
            pairs.append((run_measured(unzip), run_measured(check)))
        ratios = [c[0] / u[0] for u, c in pairs]
        unzip_wall, check_wall = median([u[0] for u, _ in pairs]), median([c[0] for _, c in pairs])
        check_rss = max(c[1] for _, c in pairs)
        status = pairs[-1][1][2]
        print(f"unzip -p Assets.car  median wall {unzip_wall:7.3f} s")
        print(f"bundlecheck          median wall {check_wall:7.3f} s   peak RSS {check_rss / 1024:6.1f} MiB   exit {status}")
        print(f"ratio                median {median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f}; limit {RATIO_LIMIT})")
        if status not in (0, 1):
            failures.append(f"bundlecheck exited {status}")
        if check_rss > RSS_LIMIT_KIB:
            failures.append(f"peak RSS {check_rss / 1024:.1f} MiB over 64 MiB")
        if median(ratios) > RATIO_LIMIT:
            failures.append(f"median ratio {median(ratios):.2f} over {RATIO_LIMIT}")
        for damage in HOSTILE:
            catalog = os.path.join(workdir, damage + ".car")
            path = os.path.join(workdir, damage + ".ipa")
            subprocess.run([args.fixtures, "asset-catalog", damage, catalog], check=True, stdout=subprocess.DEVNULL)
            package(path, catalog)
            wall, rss, _ = run_measured([args.bundlecheck, "--format", "json", path])
            found = catalog_findings(args.bundlecheck, path)
            print(f"{damage:15} wall {wall:6.3f} s   peak RSS {rss / 1024:6.1f} MiB   {', '.join(found) or 'no finding'}")
            if found != ["asset-catalog-malformed"]:
                failures.append(f"{damage}: {found or 'no finding'}, not asset-catalog-malformed")
            if wall > HOSTILE_SECONDS or rss > RSS_LIMIT_KIB:
                failures.append(f"{damage}: {wall:.2f} s, {rss / 1024:.1f} MiB")
        return verdict(failures)


if __name__ == "__main__":
    sys.exit(main())
