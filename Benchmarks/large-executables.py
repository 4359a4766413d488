#!/usr/bin/env python3
"""Benchmark: bundlecheck on an IPA whose signed Mach-O executables total 500 MiB.

Reading signatures needs the load commands at the start of each executable and the code
signature at its end, and the binary rules scan an 8 MiB __cstring section in each: one
forward pass through each (deflated) entry, nothing held whole, only matching strings kept.
Prints bundlecheck's wall time and peak RSS beside `unzip -p` of the same executables to
/dev/null, and exits non-zero when peak RSS exceeds 100 MiB or the wall time exceeds 1.5x
`unzip -p`'s.

Usage: Benchmarks/large-executables.py [--bundlecheck PATH] [--workdir DIR]
"""
import argparse
import os
import plistlib
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zipfile

from benchmark_support import measure, verdict

EXECUTABLE_BYTES = 100 << 20
BUNDLES = ["Big", "Share", "Action", "Widget", "Intents"]
RSS_LIMIT_KIB = 100 * 1024
TEAM = "ABCDE12345"


def code_signature(identifier, entitlements):
    """A SuperBlob with a version 0x20400 CodeDirectory and an XML entitlements blob."""
    ident = identifier.encode() + b"\0"
    team = TEAM.encode() + b"\0"
    header = 88
    cd_length = header + len(ident) + len(team)
    cd = struct.pack(">IIIIIIIIIBBBBIIIIQQQQ",
                     0xFADE0C02, cd_length, 0x20400, 0, cd_length, header, 0, 0, 0,
                     32, 2, 0, 12, 0, 0, header + len(ident), 0, 0, 0, 0, 0) + ident + team
    ent = plistlib.dumps(entitlements)
    ent_blob = struct.pack(">II", 0xFADE7171, 8 + len(ent)) + ent
    count = 2
    index_end = 12 + 8 * count
    blobs = [(0, cd), (5, ent_blob)]
    offset, index, body = index_end, b"", b""
    for slot, blob in blobs:
        index += struct.pack(">II", slot, offset)
        body += blob
        offset += len(blob)
    return struct.pack(">III", 0xFADE0CC0, offset, count) + index + body


def cstrings(size):
    """A __cstring section of `size` bytes: many ordinary strings and a few the rules look for."""
    pieces, total, index = [], 0, 0
    while total < size - 64:
        text = (b"painotes://import?files=%d\0" % index if index % 5000 == 0 else
                b"group.com.example.big\0" if index % 7000 == 0 else
                b"localized message number %d for the user interface\0" % index)
        pieces.append(text)
        total += len(text)
        index += 1
    blob = b"".join(pieces)
    return blob + b"\0" * (size - len(blob))


CSTRING_BYTES = 8 << 20


def executable(identifier, size, block, strings):
    signature = code_signature(identifier, {
        "application-identifier": f"{TEAM}.{identifier}",
        "com.apple.security.application-groups": ["group.com.example.big"],
    })
    signature_offset = size - len(signature)
    header_size = 32 + 152 + 24 + 24 + 16
    cstring_offset = 16384
    section = struct.pack("<16s16sQQIIIIIIII", b"__cstring", b"__TEXT", cstring_offset, len(strings),
                          cstring_offset, 0, 0, 0, 2, 0, 0, 0)
    commands = [
        struct.pack("<II16sQQQQiiII", 0x19, 152, b"__TEXT", 0, signature_offset, 0, signature_offset, 5, 5, 1, 0) + section,
        struct.pack("<IIIIII", 0x32, 24, 2, 16 << 16, 18 << 16, 0),
        struct.pack("<IIIIII", 0x2C, 24, 16384, 0, 0, 0),
        struct.pack("<IIII", 0x1D, 16, signature_offset, len(signature)),
    ]
    load = b"".join(commands)
    head = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 2, len(commands), len(load), 0, 0) + load
    assert len(head) == header_size
    padding = b"\0" * (cstring_offset - len(head))
    body_size = signature_offset - cstring_offset - len(strings)
    repeats, rest = divmod(body_size, len(block))
    return [head, padding, strings] + [block] * repeats + [block[:rest], signature]


def info_plist(name, identifier, point=None):
    plist = {"CFBundleExecutable": name, "CFBundleIdentifier": identifier, "CFBundleName": name,
             "CFBundlePackageType": "XPC!" if point else "APPL", "CFBundleShortVersionString": "1.0",
             "CFBundleVersion": "1", "MinimumOSVersion": "16.0"}
    if point:
        plist["NSExtension"] = {"NSExtensionPointIdentifier": point, "NSExtensionPrincipalClass": "Handler"}
    return plistlib.dumps(plist)


def build(path):
    block = os.urandom(1 << 20)
    strings = cstrings(CSTRING_BYTES)
    names = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for index, name in enumerate(BUNDLES):
            folder = "Payload/Big.app" if index == 0 else f"Payload/Big.app/PlugIns/{name}.appex"
            identifier = "com.example.big" if index == 0 else f"com.example.big.{name.lower()}"
            archive.writestr(f"{folder}/Info.plist", info_plist(name, identifier, None if index == 0 else "com.apple.widgetkit-extension"))
            with archive.open(f"{folder}/{name}", "w", force_zip64=True) as entry:
                for chunk in executable(identifier, EXECUTABLE_BYTES, block, strings):
                    entry.write(chunk)
            names.append(f"{folder}/{name}")
    return names




def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundlecheck", default=".build/release/bundlecheck")
    parser.add_argument("--workdir", default=None)
    args = parser.parse_args()
    if not os.path.exists(args.bundlecheck):
        sys.exit(f"error: {args.bundlecheck} not found; run `swift build -c release` first")
    workdir = args.workdir or tempfile.mkdtemp(prefix="bundlecheck-bench-")
    os.makedirs(workdir, exist_ok=True)
    path = os.path.join(workdir, "BigExecutables.ipa")
    try:
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
        return verdict(failures)
    finally:
        if not args.workdir:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
