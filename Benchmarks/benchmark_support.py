"""What the benchmark scripts share: timing a command, judging the figures, and writing
signed Mach-O executables and Info.plists into packages."""
import contextlib
import hashlib
import os
import plistlib
import shutil
import struct
import subprocess
import tempfile
import time
import zlib


def run_measured(command, stdout=subprocess.DEVNULL):
    """Runs `command` once: wall seconds, peak RSS in KiB and exit status.

    The peak is GNU time's %M: the ru_maxrss of wait4's resource usage of its child, which on
    Linux covers the child and every descendant it waited for (the largest of them, not their
    sum: what a shell step running one command after another needs at once). It is read
    through /usr/bin/time rather than by this script's own wait4 because the kernel keeps a
    process's peak across fork and exec: a child forked from this Python process would start
    with this process's peak, a child forked from time with time's (about 2 MiB)."""
    with tempfile.NamedTemporaryFile("r", prefix="bundlecheck-rss-") as report:
        start = time.monotonic()
        status = subprocess.call(["/usr/bin/time", "-f", "%M", "-o", report.name, *command],
                                 stdout=stdout, stderr=subprocess.DEVNULL)
        elapsed = time.monotonic() - start
        lines = report.read().strip().splitlines()
    return elapsed, int(lines[-1]) if lines and lines[-1].isdigit() else 0, status


def measure(command, runs=3):
    """Best wall time of `runs` runs, the largest peak RSS (KiB) and the last exit status."""
    best, peak, status = None, 0, None
    for _ in range(runs):
        elapsed, rss, status = run_measured(command)
        peak = max(peak, rss)
        best = elapsed if best is None else min(best, elapsed)
    return best, peak, status


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def paired(base, variant, runs=5):
    """Runs `base` and `variant` alternately (A B A B …, so drift on a shared machine falls on
    both alike): the median wall time of each, the variant's over the base's, and each one's
    largest peak RSS (KiB)."""
    times = ([], [])
    peaks = [0, 0]
    for _ in range(runs):
        for index, command in enumerate((base, variant)):
            elapsed, rss, _ = run_measured(command)
            times[index].append(elapsed)
            peaks[index] = max(peaks[index], rss)
    base_median, variant_median = median(times[0]), median(times[1])
    return base_median, variant_median, variant_median / base_median, peaks[0], peaks[1]


@contextlib.contextmanager
def work_folder(workdir, prefix, keep=False):
    """The folder a benchmark builds its packages in: `workdir` when given, kept for the next
    run; otherwise a new temporary folder, removed at the end unless `keep`."""
    path = workdir or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(path, exist_ok=True)
    try:
        yield path
    finally:
        if not keep and not workdir:
            shutil.rmtree(path, ignore_errors=True)


def verdict(failures):
    """Prints each failure and PASS or FAILED; returns the script's exit status."""
    for failure in failures:
        print(f"FAIL: {failure}")
    print("PASS" if not failures else "FAILED")
    return 1 if failures else 0


# Signed Mach-O executables -------------------------------------------------------------

TEAM = "ABCDE12345"
PAGE_SIZE = 4096
CODE_DIRECTORY_HEADER = 88
SHA256_TYPE = 2
# Special slots run from 1 (Info.plist) to 5 (entitlements); 2 to 4 stay zero: bound to nothing.
INFO_PLIST_SLOT, ENTITLEMENTS_SLOT = 1, 5


def info_plist(name, identifier, point=None, version=("1.0", "1")):
    plist = {"CFBundleExecutable": name, "CFBundleIdentifier": identifier, "CFBundleName": name,
             "CFBundlePackageType": "XPC!" if point else "APPL", "CFBundleShortVersionString": version[0],
             "CFBundleVersion": version[1], "MinimumOSVersion": "16.0"}
    if point:
        plist["NSExtension"] = {"NSExtensionPointIdentifier": point, "NSExtensionPrincipalClass": "Handler"}
    return plistlib.dumps(plist)


def entitlements_for(identifier, groups):
    return {"application-identifier": f"{TEAM}.{identifier}",
            "com.apple.developer.team-identifier": TEAM,
            "com.apple.security.application-groups": groups}


def page_hashes(chunks):
    """SHA-256 of every 4 KiB page of the concatenated chunks. A chunk that starts on a page
    boundary and fills whole pages is hashed once however often it repeats."""
    cache, hashes, carry = {}, [], b""
    for chunk in chunks:
        if not carry and len(chunk) % PAGE_SIZE == 0:
            if id(chunk) not in cache:
                view = memoryview(chunk)
                cache[id(chunk)] = b"".join(hashlib.sha256(view[start:start + PAGE_SIZE]).digest()
                                            for start in range(0, len(chunk), PAGE_SIZE))
            hashes.append(cache[id(chunk)])
            continue
        data = carry + chunk
        whole = len(data) - len(data) % PAGE_SIZE
        view = memoryview(data)
        hashes.extend(hashlib.sha256(view[start:start + PAGE_SIZE]).digest() for start in range(0, whole, PAGE_SIZE))
        carry = bytes(view[whole:])
    if carry:
        hashes.append(hashlib.sha256(carry).digest())
    return b"".join(hashes)


def code_signature(identifier, entitlements, code_chunks, code_limit, info_plist_bytes=None):
    """A SuperBlob with a version 0x20400 SHA-256 CodeDirectory whose page hashes match
    `code_chunks` (the file's first `code_limit` bytes), special slots for the Info.plist and
    the entitlements, and an XML entitlements blob."""
    ident = identifier.encode() + b"\0"
    team = TEAM.encode() + b"\0"
    ent = plistlib.dumps(entitlements)
    ent_blob = struct.pack(">II", 0xFADE7171, 8 + len(ent)) + ent
    special = [b"\0" * 32] * ENTITLEMENTS_SLOT
    special[ENTITLEMENTS_SLOT - 1] = hashlib.sha256(ent_blob).digest()
    if info_plist_bytes is not None:
        special[INFO_PLIST_SLOT - 1] = hashlib.sha256(info_plist_bytes).digest()
    # Special slots sit before hashOffset, highest slot first.
    special_bytes = b"".join(reversed(special))
    code_hashes = page_hashes(code_chunks)
    assert len(code_hashes) == 32 * ((code_limit + PAGE_SIZE - 1) // PAGE_SIZE)
    hash_offset = CODE_DIRECTORY_HEADER + len(ident) + len(team) + len(special_bytes)
    cd_length = hash_offset + len(code_hashes)
    cd = struct.pack(">IIIIIIIIIBBBBIIIIQQQQ",
                     0xFADE0C02, cd_length, 0x20400, 0, hash_offset, CODE_DIRECTORY_HEADER,
                     ENTITLEMENTS_SLOT, len(code_hashes) // 32, code_limit if code_limit < 1 << 32 else 0,
                     32, SHA256_TYPE, 0, 12, 0, 0, CODE_DIRECTORY_HEADER + len(ident), 0,
                     code_limit if code_limit >= 1 << 32 else 0, 0, 0, 0)
    cd += ident + team + special_bytes + code_hashes
    blobs = [(0, cd), (ENTITLEMENTS_SLOT, ent_blob)]
    offset, index, body = 12 + 8 * len(blobs), b"", b""
    for slot, blob in blobs:
        index += struct.pack(">II", slot, offset)
        body += blob
        offset += len(blob)
    return struct.pack(">III", 0xFADE0CC0, offset, len(blobs)) + index + body


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


def code_blocks(count, size=1 << 20, vocabulary=1024, seed=1):
    """`count` blocks that stand in for machine code: 32-bit words drawn with a skewed
    frequency from a small vocabulary, so deflate shrinks them about 2.5 times, as it does
    real arm64 code, and inflating them is real work."""
    import random
    rng = random.Random(seed)
    words = [rng.getrandbits(32) for _ in range(vocabulary)]
    weights = [1 / (rank + 1) for rank in range(vocabulary)]
    return [struct.pack(f"<{size // 4}I", *rng.choices(words, weights, k=size // 4)) for _ in range(count)]


def random_and_pattern_blocks(size=1 << 20, seed=1):
    """Three blocks that make an executable a third random bytes and two thirds one 4 KiB
    pattern repeated: deflate stores the random third and shrinks the rest to almost nothing,
    so inflating costs little and hashing every page is most of the work (issue 28's package)."""
    import random
    rng = random.Random(seed)
    pattern = rng.randbytes(4096)
    repeated = pattern * (size // 4096)
    return [rng.randbytes(size), repeated, repeated]


def random_prefix_pages_blocks(count=8, size=1 << 20, random_bytes=1365, seed=1):
    """`count` blocks in which every 4 KiB page is `random_bytes` random bytes followed by the
    rest of one 4 KiB pattern (the same bytes at the same offsets on every page): deflate keeps
    the random third as literals and copies the rest from the page before, so inflating works
    on every page, not on a few long runs (issue 49's package)."""
    import random
    rng = random.Random(seed)
    pattern = rng.randbytes(4096)
    tail = pattern[random_bytes:]
    return [b"".join(rng.randbytes(random_bytes) + tail for _ in range(size // 4096)) for _ in range(count)]


def executable(identifier, code_bytes, blocks, strings, entitlements, info_plist_bytes=None):
    """The chunks of a thin arm64 MH_EXECUTE whose code (everything before the signature) is
    `code_bytes` long: header and load commands, a __cstring section `strings`, `blocks` over
    and over, then an LC_CODE_SIGNATURE SuperBlob sealing all of it. Chunks repeat (same
    objects), so hashing and compressing them can be done once per distinct chunk."""
    signature_offset = code_bytes - code_bytes % 16
    header_size = 32 + 152 + 24 + 24 + 16
    cstring_offset = 16384
    section = struct.pack("<16s16sQQIIIIIIII", b"__cstring", b"__TEXT", cstring_offset, len(strings),
                          cstring_offset, 0, 0, 0, 2, 0, 0, 0)
    # Leave room for the signature in the segment's file size: it is computed from the code.
    commands = [
        struct.pack("<II16sQQQQiiII", 0x19, 152, b"__TEXT", 0, signature_offset, 0, signature_offset, 5, 5, 1, 0) + section,
        struct.pack("<IIIIII", 0x32, 24, 2, 16 << 16, 18 << 16, 0),
        struct.pack("<IIIIII", 0x2C, 24, cstring_offset, 0, 0, 0),
    ]
    code_chunks = None
    signature_size = 0
    # The load command holds the signature's size, which depends on the code's page count
    # only (not on its bytes): compute it with a placeholder, then for real.
    for _ in range(2):
        load = b"".join(commands + [struct.pack("<IIII", 0x1D, 16, signature_offset, signature_size)])
        head = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 2, len(commands) + 1, len(load), 0, 0) + load
        assert len(head) == header_size
        body_size = signature_offset - cstring_offset - len(strings)
        assert body_size >= 0, "executable too small for its __cstring section"
        body, left, index = [], body_size, 0
        while left > 0:
            block = blocks[index % len(blocks)]
            body.append(block if left >= len(block) else block[:left])
            left -= len(body[-1])
            index += 1
        code_chunks = [head, b"\0" * (cstring_offset - len(head)), strings] + body
        signature = code_signature(identifier, entitlements, code_chunks, signature_offset, info_plist_bytes)
        if len(signature) == signature_size:
            break
        signature_size = len(signature)
    return code_chunks + [signature]


class ChunkCompressor:
    """Raw deflate for zipfile that compresses each distinct chunk once: every chunk ends with
    a full flush, which byte-aligns the stream and forgets the window, so the deflated bytes of
    a repeated chunk are the same wherever it appears and the stream stays valid. Building
    gigabytes of deflated executables then costs what the distinct chunks cost."""

    def __init__(self, level, cache):
        self.level = level
        self.cache = cache

    def compress(self, data):
        key = (id(data), len(data))
        cached = self.cache.get(key)
        if cached is None or cached[0] is not data:
            compressor = zlib.compressobj(self.level, zlib.DEFLATED, -15)
            cached = (data, compressor.compress(data) + compressor.flush(zlib.Z_FULL_FLUSH))
            if len(data) >= 1 << 16:
                self.cache[key] = cached
        return cached[1]

    def flush(self):
        return zlib.compressobj(self.level, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)


def unix_extra_fields(modified=1_764_504_000, uid=501, gid=20):
    """The extra fields Info-ZIP's `zip` writes on Unix for every entry (as in the corpus's
    IPAs): `UT`, the modification time, and `ux`, the owner's uid and gid. `ditto` writes one
    field of the same size instead (0x5855). Readers keep them per entry, so a listing of real
    packages costs more than one of entries without them."""
    import struct
    return (struct.pack("<HHBI", 0x5455, 5, 1, modified)
            + struct.pack("<HHBBIBI", 0x7875, 11, 1, 4, uid, 4, gid))


def entry_info(name, compress_type, mode=0o100644):
    """A ZipInfo as `zip` on a Mac makes it: a fixed date, Unix mode and the Unix extra fields."""
    import zipfile
    info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 12, 0, 0))
    info.compress_type = compress_type
    info.external_attr = mode << 16
    info.extra = unix_extra_fields()
    return info


def write_deflated(archive, name, chunks, level=6, cache=None):
    """Writes `chunks` as one deflated entry of the zipfile `archive` (zip64 when large)."""
    import zipfile
    info = entry_info(name, zipfile.ZIP_DEFLATED, mode=0o100755)
    with archive.open(info, "w", force_zip64=True) as entry:
        # zipfile has no public hook for the compressor; this is its attribute for it.
        entry._compressor = ChunkCompressor(level, {} if cache is None else cache)
        for chunk in chunks:
            entry.write(chunk)
