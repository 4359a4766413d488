#!/usr/bin/env python3
"""Write property lists with Python's plistlib, each with an exact typed description.

bundlecheck's differential test (PropertyListPlistlibDifferentialTests) runs

    python3 scripts/plistlib-differential.py --seed 7 --count 200 --out DIR

and parses every file written here with bundlecheck's own parser, comparing the
result with the description. plistlib keeps what Foundation blurs: integers,
reals and booleans are distinct, integers span -2**63 .. 2**64-1, UIDs exist
(binary only), and with sort_keys=False dictionaries keep their key order.

Output: DIR/manifest.json, a list of cases

    {"name": "0-binary", "file": "0-binary.plist", "format": "binary",
     "value": <typed>, "duplicates": [{"dictionary": "/a", "key": "k"}]}

where <typed> is one of
    {"t": "string", "v": "..."}           {"t": "int", "v": "-12"}   (decimal text)
    {"t": "real", "v": "0x3ff0000000000000"} (IEEE bits) or {"t": "real", "v": "nan"}
    {"t": "bool", "v": true}              {"t": "date", "v": "-31622400"} (seconds since 2001-01-01)
    {"t": "data", "v": "00ff"}            {"t": "uid", "v": "7"}
    {"t": "array", "v": [<typed>, ...]}   {"t": "dict", "v": [["key", <typed>], ...]}

Besides the random cases it writes a few XML files by hand that repeat a
dictionary key (plistlib cannot write those), described entry by entry.

With --describe FILE..., it instead prints one JSON list with the typed
description of each existing plist file, as plistlib reads it.
"""

import argparse
import datetime
import json
import math
import os
import plistlib
import random
import struct
import sys

EPOCH_2001 = datetime.datetime(2001, 1, 1)

ALPHABET = (
    list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    + list(" \t\n&<>\"';:/.-_$()[]{}#%")
    + ["\u00e9", "\u00fc", "\u00df", "\u4e2d", "\u6587", "\u0627", "\u05d0", "\U0001f600", "\u2603", "\u00a0"]
)

SPECIAL_INTS = [0, 1, -1, 14, 15, 16, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32,
                2**63 - 1, -(2**63), 2**63, 2**64 - 1, -(2**31), -256]

SPECIAL_REALS = [0.0, -0.0, 1.0, -1.5, 0.1, 1e300, -1e-300, 5e-324, float("inf"), float("-inf"),
                 float("nan"), 123456789.125, 3.141592653589793]


def random_string(rng):
    if rng.random() < 0.1:
        return ""
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 24)))


def random_int(rng):
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(SPECIAL_INTS)
    if roll < 0.6:
        return rng.randint(-1000, 1000)
    if roll < 0.8:
        return rng.randint(-(2**63), 2**63 - 1)
    return rng.randint(0, 2**64 - 1)


def random_real(rng):
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(SPECIAL_REALS)
    if roll < 0.6:
        return rng.uniform(-1e6, 1e6)
    return struct.unpack(">d", rng.getrandbits(64).to_bytes(8, "big"))[0]


def random_date(rng):
    # Whole seconds between 1901 and 2099 (XML dates have no fraction).
    seconds = rng.randint(-3155673600, 3155673600)
    return EPOCH_2001 + datetime.timedelta(seconds=seconds)


def random_key(rng, used):
    while True:
        key = random_string(rng)
        if key not in used:
            used.add(key)
            return key


def random_value(rng, depth, allow_uid):
    kinds = ["string", "int", "real", "bool", "date", "data"]
    if allow_uid:
        kinds.append("uid")
    if depth < 4:
        kinds += ["array", "dict", "array", "dict"]
    kind = rng.choice(kinds)
    if kind == "string":
        return random_string(rng)
    if kind == "int":
        return random_int(rng)
    if kind == "real":
        return random_real(rng)
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "date":
        return random_date(rng)
    if kind == "data":
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 80)))
    if kind == "uid":
        return plistlib.UID(rng.choice([0, 1, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**64 - 1,
                                        rng.randint(0, 2**64 - 1)]))
    if kind == "array":
        return [random_value(rng, depth + 1, allow_uid) for _ in range(rng.randint(0, 5))]
    used = set()
    return {random_key(rng, used): random_value(rng, depth + 1, allow_uid) for _ in range(rng.randint(0, 5))}


def describe(value):
    # bool before int: bool is a subclass of int in Python.
    if isinstance(value, bool):
        return {"t": "bool", "v": value}
    if isinstance(value, int):
        return {"t": "int", "v": str(value)}
    if isinstance(value, float):
        if math.isnan(value):
            return {"t": "real", "v": "nan"}
        return {"t": "real", "v": "0x" + struct.pack(">d", value).hex()}
    if isinstance(value, str):
        return {"t": "string", "v": value}
    if isinstance(value, (bytes, bytearray)):
        return {"t": "data", "v": bytes(value).hex()}
    if isinstance(value, datetime.datetime):
        delta = value - EPOCH_2001
        return {"t": "date", "v": str(delta.days * 86400 + delta.seconds)}
    if isinstance(value, plistlib.UID):
        return {"t": "uid", "v": str(value.data)}
    if isinstance(value, list):
        return {"t": "array", "v": [describe(element) for element in value]}
    if isinstance(value, dict):
        return {"t": "dict", "v": [[key, describe(element)] for key, element in value.items()]}
    raise TypeError("cannot describe %r" % (value,))


XML_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
            '<plist version="1.0">\n')

# Hand-written XML with repeated keys: (body, typed value, duplicates).
DUPLICATE_KEY_CASES = [
    ("<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>a</key>\n\t<integer>2</integer>\n</dict>\n",
     {"t": "dict", "v": [["a", {"t": "int", "v": "1"}], ["a", {"t": "int", "v": "2"}]]},
     [{"dictionary": "", "key": "a", "line": 7}]),
    ("<dict>\n\t<key>outer</key>\n\t<dict>\n\t\t<key>x</key>\n\t\t<string>1</string>\n"
     "\t\t<key>y</key>\n\t\t<true/>\n\t\t<key>x</key>\n\t\t<string>2</string>\n\t</dict>\n</dict>\n",
     {"t": "dict", "v": [["outer", {"t": "dict", "v": [
         ["x", {"t": "string", "v": "1"}], ["y", {"t": "bool", "v": True}], ["x", {"t": "string", "v": "2"}]]}]]},
     [{"dictionary": "/outer", "key": "x", "line": 11}]),
    ("<array>\n\t<dict>\n\t\t<key>k</key>\n\t\t<real>1.5</real>\n\t\t<key>k</key>\n\t\t<real>2.5</real>\n"
     "\t\t<key>k</key>\n\t\t<false/>\n\t</dict>\n</array>\n",
     {"t": "array", "v": [{"t": "dict", "v": [
         ["k", {"t": "real", "v": "0x" + struct.pack(">d", 1.5).hex()}],
         ["k", {"t": "real", "v": "0x" + struct.pack(">d", 2.5).hex()}],
         ["k", {"t": "bool", "v": False}]]}]},
     [{"dictionary": "/0", "key": "k", "line": 8}, {"dictionary": "/0", "key": "k", "line": 10}]),
]


def write_corpus(seed, count, out):
    os.makedirs(out, exist_ok=True)
    cases = []
    for index in range(count):
        for fmt, name in ((plistlib.FMT_XML, "xml"), (plistlib.FMT_BINARY, "binary")):
            rng = random.Random("%d-%d-%s" % (seed, index, name))
            root = random_value(rng, 0, allow_uid=(name == "binary"))
            data = plistlib.dumps(root, fmt=fmt, sort_keys=False)
            # plistlib must read back what it wrote, or the description is wrong.
            assert describe(plistlib.loads(data)) == describe(root), (index, name)
            file_name = "%d-%s.plist" % (index, name)
            with open(os.path.join(out, file_name), "wb") as handle:
                handle.write(data)
            cases.append({"name": "%d-%s" % (index, name), "file": file_name, "format": name,
                          "value": describe(root), "duplicates": []})
    for index, (body, typed, duplicates) in enumerate(DUPLICATE_KEY_CASES):
        text = XML_HEAD + body + "</plist>\n"
        data = text.encode("utf-8")
        # plistlib keeps the last value of a repeated key; check the file is otherwise sound.
        plistlib.loads(data)
        file_name = "duplicate-%d.plist" % index
        with open(os.path.join(out, file_name), "wb") as handle:
            handle.write(data)
        cases.append({"name": "duplicate-%d" % index, "file": file_name, "format": "xml",
                      "value": typed, "duplicates": duplicates})
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as handle:
        json.dump(cases, handle, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--out")
    parser.add_argument("--describe", nargs="+", metavar="FILE")
    arguments = parser.parse_args()
    if arguments.describe:
        described = []
        for path in arguments.describe:
            with open(path, "rb") as handle:
                described.append(describe(plistlib.load(handle)))
        json.dump(described, sys.stdout, ensure_ascii=False)
        return 0
    if not arguments.out:
        parser.error("--out is required unless --describe is given")
    write_corpus(arguments.seed, arguments.count, arguments.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
