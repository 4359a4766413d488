#!/usr/bin/env python3
"""The peer a team would write in Python: bundlecheck's version and app-group checks with
zipfile and plistlib, on an .ipa or on the folder `unzip -d` made of one.

For each app and extension (Payload/*.app, Payload/*.app/PlugIns/*.appex) it reads the
Info.plist, then the entitlements from the executable's code signature (a thin 64-bit
Mach-O: LC_CODE_SIGNATURE, then the SuperBlob's XML entitlements blob). In a zip that means
inflating the executable up to its signature, which sits at its end. It reports:
- an extension whose CFBundleShortVersionString or CFBundleVersion differs from its app's;
- an app group that does not start with `group.`;
- an extension app group its app lacks.
Prints one line per problem; exits 1 when there is one, 2 when the input cannot be read.

Usage: Benchmarks/zipfile_checker.py PACKAGE.ipa|FOLDER
"""
import os
import plistlib
import re
import struct
import sys
import zipfile

BUNDLE = re.compile(r"^(Payload/[^/]+\.app)(/PlugIns/[^/]+\.appex)?/Info\.plist$")
LC_CODE_SIGNATURE = 0x1D
MH_MAGIC_64 = 0xFEEDFACF
ENTITLEMENTS_MAGIC = 0xFADE7171
GROUPS = "com.apple.security.application-groups"


class Package:
    """An .ipa read through zipfile, or the folder it was extracted to."""

    def __init__(self, path):
        self.folder = path if os.path.isdir(path) else None
        if self.folder:
            self.names = [os.path.relpath(os.path.join(root, name), path).replace(os.sep, "/")
                          for root, _, files in os.walk(path) for name in files]
        else:
            self.archive = zipfile.ZipFile(path)
            self.names = self.archive.namelist()
        self.name_set = set(self.names)

    def open(self, name):
        return open(os.path.join(self.folder, name), "rb") if self.folder else self.archive.open(name)


def entitlements(stream):
    """The XML entitlements of a thin 64-bit Mach-O's code signature, or None."""
    header = stream.read(32)
    if len(header) < 32 or struct.unpack_from("<I", header)[0] != MH_MAGIC_64:
        return None
    count, size = struct.unpack_from("<II", header, 16)
    commands = stream.read(size)
    offset = 0
    for _ in range(count):
        if offset + 8 > len(commands):
            return None
        command, length = struct.unpack_from("<II", commands, offset)
        if command == LC_CODE_SIGNATURE and offset + 16 <= len(commands):
            data_offset, data_size = struct.unpack_from("<II", commands, offset + 8)
            # A zip entry seeks forward by inflating everything before the signature.
            stream.seek(data_offset)
            return entitlements_blob(stream.read(data_size))
        if length < 8:
            return None
        offset += length
    return None


def entitlements_blob(superblob):
    if len(superblob) < 12:
        return None
    _, _, count = struct.unpack_from(">III", superblob)
    for index in range(min(count, (len(superblob) - 12) // 8)):
        _, offset = struct.unpack_from(">II", superblob, 12 + index * 8)
        if offset + 8 > len(superblob):
            continue
        magic, length = struct.unpack_from(">II", superblob, offset)
        if magic == ENTITLEMENTS_MAGIC:
            return plistlib.loads(superblob[offset + 8:offset + length])
    return None


def bundles(package):
    """(app folder, bundle folder, Info.plist, entitlements) of every app and extension."""
    found = []
    for name in package.names:
        match = BUNDLE.match(name)
        if not match:
            continue
        folder = name[:-len("/Info.plist")]
        with package.open(name) as stream:
            info = plistlib.load(stream)
        executable = f"{folder}/{info.get('CFBundleExecutable', '')}"
        signed = None
        if executable in package.name_set:
            with package.open(executable) as stream:
                signed = entitlements(stream)
        found.append((match.group(1), folder, info, signed or {}))
    return found


def problems(found):
    apps = {folder: (info, signed) for app, folder, info, signed in found if app == folder}
    for app, folder, info, signed in found:
        groups = signed.get(GROUPS, [])
        for group in groups:
            if not str(group).startswith("group."):
                yield f"{folder}: app group {group} does not start with group."
        if app == folder or app not in apps:
            continue
        app_info, app_signed = apps[app]
        for key in ("CFBundleShortVersionString", "CFBundleVersion"):
            if info.get(key) != app_info.get(key):
                yield f"{folder}: {key} {info.get(key)} differs from the app's {app_info.get(key)}"
        missing = sorted(set(groups) - set(app_signed.get(GROUPS, [])))
        if missing:
            yield f"{folder}: app groups {', '.join(missing)} are not the app's"


def main(arguments):
    if len(arguments) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        package = Package(arguments[0])
        found = bundles(package)
    except (OSError, zipfile.BadZipFile, plistlib.InvalidFileException) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    reported = list(problems(found))
    for line in reported:
        print(line)
    print(f"{len(found)} bundles, {len(reported)} problems")
    return 1 if reported else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
