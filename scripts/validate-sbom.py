#!/usr/bin/env python3
"""Validate bundlecheck's SBOMs with the ecosystem's own tools, and check them against the package.

Usage: scripts/validate-sbom.py DOCUMENT [DOCUMENT ...]
       scripts/validate-sbom.py --package PKG --report REPORT.json DOCUMENT [DOCUMENT ...]

Each `*.cdx.json` (or any document with "bomFormat": "CycloneDX") goes through
cyclonedx-python-lib's JsonStrictValidator for CycloneDX 1.6, with the schema it bundles; each
SPDX document through spdx-tools' validator (what `pyspdxtools -i` runs). With --package and
--report (bundlecheck's JSON report of the same package), each document must also list exactly
the bundles and loose libraries of the report's inventory, each executable's SHA-256 must be
that of the file read out of the package here (zip or folder; an installer package's payload
is not unpacked, which the output says), and each slice's LC_UUID the report's.

Exit status: 0 when every document is valid, 1 when any is not, 2 when the check cannot run
(a validator missing, a file unreadable).
"""

import argparse
import hashlib
import json
import os
import sys
import zipfile


def load_validators():
    try:
        from cyclonedx.schema import SchemaVersion
        from cyclonedx.validation.json import JsonStrictValidator
        from spdx_tools.spdx.parser.parse_anything import parse_file
        from spdx_tools.spdx.validation.document_validator import validate_full_spdx_document
    except ImportError as error:
        print(f"validate-sbom: {error.name} is missing; pip install 'cyclonedx-python-lib[json-validation]' spdx-tools", file=sys.stderr)
        sys.exit(2)
    cyclonedx = JsonStrictValidator(SchemaVersion.V1_6)

    def validate_cyclonedx(text):
        error = cyclonedx.validate_str(text)
        return [] if error is None else [str(error)]

    def validate_spdx(path):
        try:
            document = parse_file(path)
        except Exception as error:  # the parser raises its own types, and ValueError for bad values
            return [f"spdx-tools cannot parse it: {error}"]
        return [message.validation_message for message in validate_full_spdx_document(document)]

    return validate_cyclonedx, validate_spdx


def executable_bytes(package, inner):
    """The file `inner` (a package path, as the report gives it) of `package`; None when the
    package is an installer package, whose payloads this script does not unpack."""
    if os.path.isdir(package):
        base = package.rstrip("/")
        name = os.path.basename(base)
        if name.endswith(".app") and inner.startswith(name + "/"):
            return open(os.path.join(os.path.dirname(base), inner), "rb").read()
        return open(os.path.join(base, inner), "rb").read()
    if package.endswith(".pkg"):
        return None
    with zipfile.ZipFile(package) as archive:
        return archive.read(inner)


def inventory(report):
    """What the JSON report lists: {path: (kind, executable path, {arch: uuid})}."""
    listed = {}
    for input_report in report["inputs"]:
        for bundle in input_report["bundles"]:
            uuids = {entry["architecture"]: entry["uuid"] for entry in bundle["uuids"] or [] if entry["uuid"]}
            listed[bundle["path"]] = ("bundle", bundle["executable"], uuids)
            for library in bundle["looseLibraries"] or []:
                listed[library["path"]] = ("library", library["path"], None)
    return listed


def components_of(document):
    """{path: (sha256, {arch: uuid}, executable)} of a CycloneDX or SPDX document."""
    found = {}
    if document.get("bomFormat") == "CycloneDX":
        for component in document.get("components", []):
            facts = [(p["name"], p["value"]) for p in component.get("properties", [])]
            hashes = [h["content"] for h in component.get("hashes", []) if h["alg"] == "SHA-256"]
            found[component["bom-ref"]] = (hashes[0] if hashes else None, facts)
    else:
        for package in document["packages"]:
            if package["SPDXID"] == "SPDXRef-Package":
                continue
            facts = [tuple(line.split(": ", 1)) for line in package.get("comment", "").splitlines()]
            sums = [c["checksumValue"] for c in package.get("checksums", []) if c["algorithm"] == "SHA256"]
            found[package["packageFileName"]] = (sums[0] if sums else None, facts)
    result = {}
    for path, (sha, facts) in found.items():
        uuids = {name.split(":", 2)[2]: value for name, value in facts if name.startswith("bundlecheck:lc-uuid:")}
        executable = next((value for name, value in facts if name == "bundlecheck:executable"), None)
        result[path] = (sha, uuids, executable)
    return result


def cross_check(document, report, package):
    problems = []
    listed = inventory(report)
    found = components_of(document)
    if set(listed) != set(found):
        problems.append(f"components {sorted(set(found) ^ set(listed))} are in one of the SBOM and the report only")
    unread = 0
    for path, (sha, uuids, executable) in found.items():
        if path not in listed:
            continue
        kind, report_executable, report_uuids = listed[path]
        # The report names a bundle's executable (CFBundleExecutable), a library its path.
        if report_executable and executable and not (executable == report_executable or executable.endswith("/" + report_executable)):
            problems.append(f"{path}: the executable {executable} is not the report's {report_executable}")
        if report_uuids is not None and uuids != report_uuids:
            problems.append(f"{path}: LC_UUIDs {uuids} differ from the report's {report_uuids}")
        if executable is None:
            if sha is not None:
                problems.append(f"{path}: a hash without an executable")
            continue
        data = executable_bytes(package, executable)
        if data is None:
            unread += 1
            continue
        actual = hashlib.sha256(data).hexdigest()
        if sha != actual:
            problems.append(f"{path}: SHA-256 {sha} is not that of {executable}, {actual}")
    return problems, len(found), unread


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("documents", nargs="+")
    parser.add_argument("--package")
    parser.add_argument("--report")
    args = parser.parse_args()
    if (args.package is None) != (args.report is None):
        parser.error("--package and --report go together")
    validate_cyclonedx, validate_spdx = load_validators()
    report = json.load(open(args.report)) if args.report else None
    failed = False
    for path in args.documents:
        try:
            text = open(path, encoding="utf-8").read()
            document = json.loads(text)
        except (OSError, ValueError) as error:
            print(f"{path}: cannot read it: {error}")
            failed = True
            continue
        is_cyclonedx = document.get("bomFormat") == "CycloneDX"
        problems = validate_cyclonedx(text) if is_cyclonedx else validate_spdx(path)
        note = ""
        if report is not None and not problems:
            checked, count, unread = cross_check(document, report, args.package)
            problems += checked
            note = f", {count} components as the report lists them" + (f" ({unread} hashes not re-read: installer payload)" if unread else "")
        for problem in problems:
            print(f"{path}: {problem}")
        failed = failed or bool(problems)
        if not problems:
            print(f"{path}: valid {'CycloneDX 1.6' if is_cyclonedx else 'SPDX 2.3'}{note}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
