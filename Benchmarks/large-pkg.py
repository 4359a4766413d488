#!/usr/bin/env python3
"""Benchmark: bundlecheck on a 1 GiB macOS installer package (.pkg).

A product archive as productbuild writes it (Distribution, Big.pkg/PackageInfo, Bom, Payload)
whose gzip'd cpio payload installs a Mac app with nine extensions: ten signed Mach-O
executables of 100 MiB each whose code deflates about 2.5 times, as arm64 code does, and a few
small files. A gzip'd cpio stream can only be read forward, so bundlecheck reads the whole
package in one pass: every executable through the Mach-O reader as it streams by, every code
page hashed (signature-modified). The yardstick is libarchive alone inflating the same payload
to a pipe: `bsdtar -xOf Big.pkg Big.pkg/Payload | bsdtar -xOf -`.

Prints both wall times, their ratio and bundlecheck's peak RSS; exits non-zero when the ratio
passes 1.3 or the peak RSS 64 MiB. Needs bsdtar (libarchive-tools) to build the package.

Usage: Benchmarks/large-pkg.py [--bundlecheck PATH] [--workdir DIR] [--keep]
"""
import argparse
import os
import plistlib
import shutil
import subprocess
import sys
import time

from benchmark_support import code_blocks, cstrings, entitlements_for, executable, measure, verdict, work_folder

EXECUTABLE_BYTES = 100 << 20
BUNDLES = ["Big", "Share", "Action", "Widget", "Intents", "Notification", "Finder", "Spotlight", "QuickLook", "Safari"]
RSS_LIMIT_KIB = 64 * 1024
RATIO_LIMIT = 1.3


def mac_info_plist(name, identifier, point=None):
    plist = {"CFBundleExecutable": name, "CFBundleIdentifier": identifier, "CFBundleName": name,
             "CFBundlePackageType": "XPC!" if point else "APPL", "CFBundleShortVersionString": "1.0",
             "CFBundleVersion": "1", "LSMinimumSystemVersion": "13.0", "CFBundleSupportedPlatforms": ["MacOSX"]}
    if point:
        plist["NSExtension"] = {"NSExtensionPointIdentifier": point, "NSExtensionPrincipalClass": "Handler"}
    return plistlib.dumps(plist)


def build(workdir):
    root = os.path.join(workdir, "root")
    blocks = code_blocks(8)
    strings = cstrings(1 << 20)
    for index, name in enumerate(BUNDLES):
        folder = "Big.app/Contents" if index == 0 else f"Big.app/Contents/PlugIns/{name}.appex/Contents"
        identifier = "com.example.big" if index == 0 else f"com.example.big.{name.lower()}"
        plist = mac_info_plist(name, identifier, None if index == 0 else "com.apple.share-services")
        os.makedirs(os.path.join(root, folder, "MacOS"), exist_ok=True)
        with open(os.path.join(root, folder, "Info.plist"), "wb") as file:
            file.write(plist)
        entitlements = entitlements_for(identifier, ["TEAMID.com.example.big"])
        with open(os.path.join(root, folder, "MacOS", name), "wb") as file:
            for chunk in executable(identifier, EXECUTABLE_BYTES, blocks, strings, entitlements, plist):
                file.write(chunk)
    component = os.path.join(workdir, "xar", "Big.pkg")
    os.makedirs(component, exist_ok=True)
    subprocess.run(["bsdtar", "--format", "odc", "-czf", os.path.join(component, "Payload"), "-C", root, "."], check=True)
    with open(os.path.join(component, "PackageInfo"), "w") as file:
        file.write('<?xml version="1.0" encoding="utf-8"?>\n<pkg-info format-version="2" identifier="com.example.big.pkg" '
                   'version="1.0" install-location="/Applications" auth="root">\n'
                   ' <bundle path="./Big.app" id="com.example.big" CFBundleShortVersionString="1.0" CFBundleVersion="1"/>\n</pkg-info>\n')
    with open(os.path.join(workdir, "xar", "Distribution"), "w") as file:
        file.write('<?xml version="1.0" encoding="utf-8"?>\n<installer-gui-script minSpecVersion="2">\n'
                   ' <pkg-ref id="com.example.big.pkg" version="1.0">#Big.pkg</pkg-ref>\n'
                   ' <product id="com.example.big" version="1.0"/>\n</installer-gui-script>\n')
    package = os.path.join(workdir, "Big.pkg")
    # The Payload member stored as it is, as productbuild stores it (libarchive's default would gzip it again).
    subprocess.run(["bsdtar", "--format", "xar", "--options", "xar:compression=none", "-cf", package,
                    "-C", os.path.join(workdir, "xar"), "Distribution", "Big.pkg"], check=True)
    shutil.rmtree(root)
    shutil.rmtree(os.path.join(workdir, "xar"))
    return package


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundlecheck", default=".build/release/bundlecheck")
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--keep", action="store_true", help="keep the package (in --workdir) for other runs")
    args = parser.parse_args()
    if not os.path.exists(args.bundlecheck):
        sys.exit(f"error: {args.bundlecheck} not found; run `make build` first")
    if not shutil.which("bsdtar"):
        sys.exit("error: bsdtar not found: apt-get install -y libarchive-tools")
    with work_folder(args.workdir, "bundlecheck-bench-", keep=args.keep) as workdir:
        package = os.path.join(workdir, "Big.pkg")
        if not os.path.exists(package):
            start = time.monotonic()
            build(workdir)
            print(f"built {package} in {time.monotonic() - start:.0f} s")
        print(f"{package}: {os.path.getsize(package) / (1 << 20):.0f} MiB, {len(BUNDLES)} signed executables of "
              f"{EXECUTABLE_BYTES >> 20} MiB each in a gzip'd cpio payload")
        pipe = f"bsdtar -xOf '{package}' Big.pkg/Payload | bsdtar -xOf - > /dev/null"
        bsdtar_time, _, _ = measure(["sh", "-c", pipe], runs=5)
        check_time, check_rss, status = measure([args.bundlecheck, "--format", "json", package], runs=5)
        ratio = check_time / bsdtar_time
        print(f"bsdtar -xOf | bsdtar -xOf -   wall {bsdtar_time:7.3f} s")
        print(f"bundlecheck                   wall {check_time:7.3f} s   peak RSS {check_rss / 1024:6.1f} MiB   exit {status}")
        print(f"ratio                         {ratio:.2f}x bsdtar (limit {RATIO_LIMIT}x); RSS limit {RSS_LIMIT_KIB >> 10} MiB")
        failures = []
        if status not in (0, 1):
            failures.append(f"bundlecheck exited {status}")
        if check_rss > RSS_LIMIT_KIB:
            failures.append("peak RSS over 64 MiB")
        if ratio > RATIO_LIMIT:
            failures.append(f"wall time over {RATIO_LIMIT}x bsdtar")
        return verdict(failures)


if __name__ == "__main__":
    sys.exit(main())
