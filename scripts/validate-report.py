#!/usr/bin/env python3
"""Validate bundlecheck JSON reports against docs/report.schema.json.

Usage: scripts/validate-report.py REPORT.json [REPORT.json ...]
       bundlecheck --format json App.ipa | scripts/validate-report.py -
       scripts/validate-report.py --sarif REPORT.sarif [...]   (the OASIS SARIF 2.1.0 schema)
       scripts/validate-report.py --diff REVIEW.json [...]     (docs/diff.schema.json, bundlecheck diff)
       scripts/validate-report.py --privacy PRIVACY.json [...] (docs/privacy.schema.json, bundlecheck privacy)

Prints each problem as `FILE: JSON-PATH: MESSAGE`. Exit status: 0 when every
report is valid, 1 when any is not (or is not JSON at all), 2 when the check
could not run (jsonschema missing, a file unreadable, bad arguments).
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "docs" / "report.schema.json"
# The OASIS schema, kept beside the golden files the tests validate with it.
DIFF_SCHEMA_PATH = ROOT / "docs" / "diff.schema.json"
PRIVACY_SCHEMA_PATH = ROOT / "docs" / "privacy.schema.json"
SARIF_SCHEMA_PATH = ROOT / "Tests" / "BundleCheckKitTests" / "Reports" / "Golden" / "sarif-schema-2.1.0.json"


def json_path(error):
    """The failing instance's location, e.g. `$.inputs[0].findings[1].severity`."""
    path = "$"
    for part in error.absolute_path:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part.isidentifier():
            path += f".{part}"
        else:
            path += "[" + json.dumps(part) + "]"
    return path


def read(name):
    if name == "-":
        return "<stdin>", sys.stdin.read()
    return name, Path(name).read_text(encoding="utf-8")


def main(argv):
    parser = argparse.ArgumentParser(
        description="Validate bundlecheck JSON reports against docs/report.schema.json."
    )
    parser.add_argument("--sarif", action="store_true", help="validate SARIF reports against the OASIS SARIF 2.1.0 schema")
    parser.add_argument("--diff", action="store_true", help="validate bundlecheck diff's JSON reviews against docs/diff.schema.json")
    parser.add_argument("--privacy", action="store_true", help="validate bundlecheck privacy's JSON reports against docs/privacy.schema.json")
    parser.add_argument("reports", nargs="+", metavar="REPORT", help="a JSON report file, or - for standard input")
    arguments = parser.parse_args(argv)

    try:
        from jsonschema import Draft4Validator, Draft202012Validator
        from jsonschema.exceptions import SchemaError
    except ImportError:
        print("error: the Python package jsonschema is not installed; run: pip install jsonschema", file=sys.stderr)
        return 2

    # The SARIF schema is draft-04, ours draft 2020-12.
    if arguments.sarif:
        schema_path, validator_class = SARIF_SCHEMA_PATH, Draft4Validator
    elif arguments.diff:
        schema_path, validator_class = DIFF_SCHEMA_PATH, Draft202012Validator
    elif arguments.privacy:
        schema_path, validator_class = PRIVACY_SCHEMA_PATH, Draft202012Validator
    else:
        schema_path, validator_class = SCHEMA_PATH, Draft202012Validator
    try:
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        validator_class.check_schema(schema)
    except (OSError, ValueError, SchemaError) as problem:
        print(f"error: cannot use the schema {schema_path}: {problem}", file=sys.stderr)
        return 2
    validator = validator_class(schema)

    invalid = 0
    for name in arguments.reports:
        try:
            label, text = read(name)
        except (OSError, UnicodeDecodeError) as problem:
            print(f"error: cannot read {name}: {problem}", file=sys.stderr)
            return 2
        try:
            document = json.loads(text)
        except ValueError as problem:
            print(f"{label}: not valid JSON: {problem}")
            invalid += 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda error: (json_path(error), error.message))
        for error in errors:
            print(f"{label}: {json_path(error)}: {error.message}")
        if errors:
            invalid += 1
        else:
            print(f"{label}: valid")

    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
