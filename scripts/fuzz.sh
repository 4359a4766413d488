#!/usr/bin/env bash
# Coverage-guided fuzzing of bundlecheck's parsers with libFuzzer and AddressSanitizer
# (docs/fuzzing.md). One harness per parser, in Fuzz/Harnesses.
#
#   scripts/fuzz.sh [HARNESS|all] [SECONDS]   build, then fuzz each harness for SECONDS (default 300)
#   scripts/fuzz.sh --smoke                   build, replay the committed seeds and regression inputs,
#                                             then a fixed-seed burst per harness (CI; deterministic)
#   scripts/fuzz.sh --coverage [HARNESS|all]  build with coverage mapping, replay each harness's
#                                             corpus and seeds, print the lines reached in its parser
#   scripts/fuzz.sh --list                    the harness names
#
# Long runs keep their corpus in .fuzz/corpus/HARNESS and what they find (crash-*, timeout-*,
# leak-*, oom-*, slow-unit-*) in .fuzz/artifacts/HARNESS; both are git-ignored. A finding becomes
# a regression input in Fuzz/Regressions/HARNESS and a test (docs/fuzzing.md says how).
#
# Environment: BUNDLECHECK_CORPUS (default ../shared/corpus) adds seeds extracted at run time
# from third-party packages, never committed; BUNDLECHECK_FUZZ_NO_BUILD=1 skips the build;
# BUNDLECHECK_FUZZ_SCRATCH builds and runs the harnesses from another folder (default .build/fuzz),
# so that a second run, or the smoke run, can build while a long run goes on;
# BUNDLECHECK_FUZZ_SMOKE_RUNS sets the burst's length (default 2000 inputs per harness);
# BUNDLECHECK_FUZZ_MAX_RUNS ends a long run after that many executions if SECONDS have not passed
# (the long-run bar is an hour or 10 million executions, whichever comes first).
set -euo pipefail
cd "$(dirname "$0")/.."

harnesses=(binary-plist xml-plist macho cms profile predicate rule-file zip package icns pbzx bom pkg lzfse car json report)
scratch=${BUNDLECHECK_FUZZ_SCRATCH:-.build/fuzz}
work=.fuzz
corpus_root=${BUNDLECHECK_CORPUS:-../shared/corpus}

# Largest input each harness is given: 1 MiB where cost can grow with the shape of a large
# input (XML plists, containers, whole packages), 2 MiB for asset catalogues, whose real inputs
# are large (an Icon Composer catalogue with its fallbacks is 1.5 MB and must be a seed whole),
# less where the parser's input is small.
max_len() {
  case $1 in
    car) echo 2097152 ;;
    xml-plist|zip|package|pkg) echo 1048576 ;;
    binary-plist|macho|icns|pbzx|bom|lzfse|json|report) echo 262144 ;;
    cms|profile|rule-file) echo 65536 ;;
    predicate) echo 16384 ;;
  esac
}

usage() {
  # The comment at the top of this file, up to its first line of code.
  sed -n '2,/^[^#]/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'
  exit 64
}

# Whether a process runs a harness from the folder $1 of this checkout: judged by the file it
# runs, so that a fuzzer of another clone, started by the same relative path, does not count.
fuzzer_running_from() {
  local folder executable pid
  folder=$(realpath -m "$1")
  for pid in $(pgrep -f 'fuzz-' || true); do
    executable=$(readlink -f "/proc/$pid/exe" 2>/dev/null) || continue
    case $executable in "$folder"/*/fuzz-*) return 0 ;; esac
  done
  return 1
}

build() {
  local started=$SECONDS
  # Relinking a harness under a running fuzzer changes the file its crash and leak reports are
  # symbolized from at exit: the stacks come out as nonsense, and a suppressed allocation
  # (Fuzz/lsan.supp) is then reported as a leak. Build elsewhere while a long run goes on.
  if fuzzer_running_from "$scratch"; then
    echo "error: a fuzzer from $scratch is running; wait for it, or build elsewhere with BUNDLECHECK_FUZZ_SCRATCH=.build/fuzz-other" >&2
    exit 1
  fi
  for harness in "$@"; do
    BUNDLECHECK_FUZZ=1 swift build -c release --scratch-path "$scratch" \
      -Xswiftc -sanitize=fuzzer,address --product "fuzz-$harness" 2>&1 \
      | grep -v -e '^\[' -e "Cannot export local symbol '__asan_extra_spill_area'" || true
    [ -x "$scratch/release/fuzz-$harness" ] || { echo "error: fuzz-$harness did not build" >&2; exit 1; }
  done
  echo "built ${#@} harness(es) in $((SECONDS - started)) s"
}

# With BUNDLECHECK_FUZZ_NO_BUILD=1 nothing is built: each harness asked for must already be in
# $1 (a scratch path), or the run stops here rather than report the missing binary as a finding.
require_built() {
  local folder=$1; shift
  for harness in "$@"; do
    [ -x "$folder/release/fuzz-$harness" ] || {
      echo "error: fuzz-$harness is not built ($folder/release/fuzz-$harness is missing);" \
        "run without BUNDLECHECK_FUZZ_NO_BUILD=1 to build it" >&2
      exit 1
    }
  done
}

# The sources each harness is meant to cover, for --coverage.
sources_of() {
  local formats=Sources/BundleCheckFormats
  case $1 in
    binary-plist) echo "$formats/PropertyList/BinaryPropertyListReader.swift $formats/PropertyList/PropertyListParser.swift" ;;
    xml-plist) echo "$formats/PropertyList/XMLPropertyListParser.swift $formats/PropertyList/Libxml2.swift $formats/PropertyList/PropertyListParser.swift" ;;
    macho) echo "$formats/MachO" ;;
    cms) echo "$formats/Signing/BERReader.swift $formats/Signing/BERElement.swift $formats/Signing/CMSSignedData.swift $formats/Signing/X509Certificate.swift $formats/Signing/X509Time.swift $formats/Signing/DistinguishedName.swift" ;;
    profile) echo "$formats/Signing/ProvisioningProfileReader.swift $formats/Signing/ProvisioningProfile.swift $formats/Signing/Entitlements.swift" ;;
    predicate) echo "$formats/Predicates" ;;
    rule-file)
      local rules=Sources/BundleCheckModel/Rules
      echo "$formats/YAML $rules/RuleLoader.swift $rules/MatcherParser.swift $rules/YAMLFieldReader.swift $rules/ExampleParser.swift" ;;
    zip)
      local archive=$formats/Archive
      echo "$archive/ZipArchiveReader.swift $archive/ZipEntryReader.swift $archive/Libzip.swift $archive/LibzipError.swift $archive/PackageContainer.swift" \
        "$archive/SharedZipArchive.swift $archive/RawDeflateEntryReader.swift $archive/RawInflater.swift" ;;
    package) echo "Sources/BundleCheckFormats Sources/BundleCheckModel Sources/BundleCheckInspection" ;;
    icns) echo "$formats/Images/ICNS $formats/Images/PNGHeader.swift" ;;
    pbzx) echo "$formats/Compression" ;;
    bom) echo "$formats/BOM" ;;
    pkg) echo "$formats/Installer $formats/XML $formats/Compression" ;;
    lzfse) echo "$formats/Compression/LZFSE*.swift $formats/Compression/LZVN*.swift" ;;
    car) echo "$formats/AssetCatalog $formats/BOM" ;;
    json) echo "$formats/JSON/JSONParser.swift $formats/JSON/JSONParseError.swift $formats/JSON/JSONWriter.swift" ;;
    report) echo "Sources/BundleCheckReview" ;;
  esac
}

# Options every run shares: 5 s per input is a hang, one allocation over 256 MiB is a finding
# (-malloc_limit_mb; RSS is left at libFuzzer's 2 GiB, since ASan's quarantine alone takes 256 MiB).
common_options() {
  local harness=$1 options=(-timeout=5 -malloc_limit_mb=256 "-max_len=$(max_len "$harness")" -print_final_stats=1)
  [ -f "Fuzz/Dictionaries/$harness.dict" ] && options+=("-dict=Fuzz/Dictionaries/$harness.dict")
  echo "${options[@]}"
}

# The folders of inputs that are not ours to commit: plists, executables, profiles, small
# packages, asset catalogues and JSON files of BUNDLECHECK_CORPUS, sorted into one folder per
# harness under $1.
extract_corpus_seeds() {
  local target=$1
  [ -d "$corpus_root" ] || return 0
  python3 - "$corpus_root" "$target" <<'PY'
import io, os, plistlib, sys, zipfile
root, target = sys.argv[1], sys.argv[2]
MACHO = {b"\xfe\xed\xfa\xce", b"\xfe\xed\xfa\xcf", b"\xce\xfa\xed\xfe", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf"}
counter = [0]

def add(harness, name, data):
    folder = os.path.join(target, harness)
    os.makedirs(folder, exist_ok=True)
    counter[0] += 1
    with open(os.path.join(folder, "%05d-%s" % (counter[0], os.path.basename(name)[:60])), "wb") as f:
        f.write(data)

def activation_rule(data):
    try:
        rule = plistlib.loads(data)["NSExtension"]["NSExtensionAttributes"]["NSExtensionActivationRule"]
    except Exception:
        return None
    return rule.encode() if isinstance(rule, str) else plistlib.dumps(rule)

def lzfse_stream_end(data, start):
    # Where the LZFSE stream at `start` ends (after its bvx$), by its block headers; None if they do not hold.
    offset = start
    while offset + 4 <= len(data):
        magic = data[offset:offset + 4]
        if magic == b"bvx$":
            return offset + 4
        if magic == b"bvx-" and offset + 8 <= len(data):
            offset += 8 + int.from_bytes(data[offset + 4:offset + 8], "little")
        elif magic == b"bvxn" and offset + 12 <= len(data):
            offset += 12 + int.from_bytes(data[offset + 8:offset + 12], "little")
        elif magic == b"bvx2" and offset + 32 <= len(data):
            first, second, third = (int.from_bytes(data[offset + k:offset + k + 8], "little") for k in (8, 16, 24))
            offset += (third & 0xFFFFFFFF) + (first >> 20 & 0xFFFFF) + (second >> 40 & 0xFFFFF)
        else:
            return None
    return None

def lzfse_streams(data):
    # The LZFSE streams of an Assets.car (its renditions' pixels), found by magic, up to 256 KiB each.
    offset = 0
    while True:
        found = [index for index in (data.find(magic, offset) for magic in (b"bvx2", b"bvxn", b"bvx-")) if index >= 0]
        if not found:
            return
        start = min(found)
        end = lzfse_stream_end(data, start)
        if end is None or end > len(data):
            offset = start + 1
            continue
        if end - start <= 1 << 18:
            yield data[start:end]
        offset = end

def classify(name, data):
    lower = name.lower()
    if lower.endswith((".plist", ".xcprivacy", ".entitlements", ".xcent")) and len(data) <= 1 << 20:
        add("binary-plist" if data.startswith(b"bplist") else "xml-plist", name, data)
        rule = activation_rule(data)
        if rule is not None:
            add("predicate", name + ".rule", rule)
    elif lower.endswith(".mobileprovision") and len(data) <= 1 << 16:
        add("profile", name, data)
        add("cms", name, data)
    elif data[:4] == b"icns" and len(data) <= 1 << 18:
        add("icns", name, data)
    elif data[:8] == b"BOMStore":
        if len(data) <= 1 << 18:
            add("bom", name, data)
        if len(data) <= 2 << 20 and b"CARHEADER" in data:
            add("car", name, data)
        for index, stream in enumerate(lzfse_streams(data)):
            add("lzfse", "%s-%d.lzfse" % (name, index), stream)
    elif data[:4] in MACHO:
        add("macho", name, data[:1 << 18])
    elif lower.endswith(".json") and len(data) <= 1 << 18:
        # Third parties' JSON files (configurations, animations): shapes no report has.
        add("json", name, data)

for folder, _, files in os.walk(root):
    for file in sorted(files):
        path = os.path.join(folder, file)
        with open(path, "rb") as f:
            data = f.read()
        if zipfile.is_zipfile(path):
            if len(data) <= 1 << 20:
                add("zip", file, data)
                add("package", file, data)
            try:
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    for info in archive.infolist():
                        if info.is_dir() or info.file_size > 64 << 20:
                            continue
                        try:
                            classify(info.filename, archive.read(info))
                        except Exception:
                            pass
            except Exception:
                pass
        else:
            classify(path, data)
print("extracted %d seeds from %s" % (counter[0], root))
PY
}

# Runs one harness's binary over folders of inputs with the given options, printing its log's
# summary; fails when libFuzzer reports a finding.
run() {
  local harness=$1 log=$2; shift 2
  mkdir -p "$work/artifacts/$harness"
  local status=0
  # Swift's own backtracer hangs under AddressSanitizer after a trap (its memory server trips
  # on ASan's shadow): libFuzzer's stack names the Swift runtime failure and the line well enough.
  SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" \
    "$scratch/release/fuzz-$harness" "$@" "-artifact_prefix=$work/artifacts/$harness/" >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    echo "error: fuzz-$harness failed (exit $status); its log:" >&2
    grep -v '^#' "$log" | tail -n 40 >&2
  fi
  return "$status"
}

stat_of() { sed -n "s/^stat::$2: *//p" "$1" | tail -n 1; }
coverage_of() { grep -o 'cov: [0-9]*' "$1" | tail -n 1 | sed 's/cov: //'; }

folders_of() {
  local harness=$1 folders=("Fuzz/Seeds/$harness")
  [ -d "Fuzz/Regressions/$harness" ] && folders+=("Fuzz/Regressions/$harness")
  echo "${folders[@]}"
}

smoke() {
  build "${harnesses[@]}"
  local runs=${BUNDLECHECK_FUZZ_SMOKE_RUNS:-2000} started=$SECONDS
  scratch_corpus=$(mktemp -d)
  trap 'rm -rf "$scratch_corpus"' EXIT
  printf '%-13s %8s %10s %6s\n' harness inputs executions edges
  for harness in "${harnesses[@]}"; do
    local begun=$SECONDS
    # Replay: every committed seed and regression input once, new inputs kept out of the tree.
    mkdir -p "$scratch_corpus/$harness"
    # shellcheck disable=SC2046
    run "$harness" "$work/smoke-$harness-replay.log" $(common_options "$harness") -runs=0 \
      "$scratch_corpus/$harness" $(folders_of "$harness")
    local replayed
    replayed=$(grep -o 'INFO: seed corpus: files: [0-9]*' "$work/smoke-$harness-replay.log" | grep -o '[0-9]*$' || echo 0)
    # Burst: the same mutations every time from the same seeds.
    # shellcheck disable=SC2046
    run "$harness" "$work/smoke-$harness-burst.log" $(common_options "$harness") -seed=1 "-runs=$runs" \
      "$scratch_corpus/$harness" $(folders_of "$harness")
    printf '%-13s %8s %10s %6s  (%d s)\n' "$harness" "$replayed" \
      "$(stat_of "$work/smoke-$harness-burst.log" number_of_executed_units)" \
      "$(coverage_of "$work/smoke-$harness-burst.log")" $((SECONDS - begun))
  done
  echo "fuzz smoke: ${#harnesses[@]} harnesses passed in $((SECONDS - started)) s after the build"
}

long_run() {
  local seconds=$1; shift
  build "$@"
  extracted=$(mktemp -d)
  trap 'rm -rf "$extracted"' EXIT
  extract_corpus_seeds "$extracted"
  local results=$work/results.tsv
  [ -f "$results" ] || printf 'date\tharness\tseconds\texecutions\texec/s\tedges\tcorpus\tfindings\n' >"$results"
  for harness in "$@"; do
    mkdir -p "$work/corpus/$harness"
    local folders log=$work/$harness-$(date -u +%Y%m%dT%H%M%S).log status=0
    read -r -a folders <<<"$(folders_of "$harness")"
    [ -d "$extracted/$harness" ] && folders+=("$extracted/$harness")
    [ "$harness" = rule-file ] && folders+=(Rules)
    echo "fuzzing $harness for $seconds s (log: $log)"
    # shellcheck disable=SC2046
    # -report_slow_units=1: an input that takes over a second is saved (slow-unit-*) as a finding.
    local begun=$SECONDS stamp=$work/.run-started-$harness-$$ limit=()
    [ -n "${BUNDLECHECK_FUZZ_MAX_RUNS:-}" ] && limit=("-runs=$BUNDLECHECK_FUZZ_MAX_RUNS")
    touch "$stamp"
    run "$harness" "$log" $(common_options "$harness") "-max_total_time=$seconds" "${limit[@]}" \
      -report_slow_units=1 "$work/corpus/$harness" "${folders[@]}" || status=$?
    # This run's findings only: older ones stay in the folder until someone deals with them.
    local findings
    findings=$(find "$work/artifacts/$harness" -type f -newer "$stamp" | wc -l)
    rm -f "$stamp"
    # The seconds it ran, not those asked for: an interrupted run records what it did.
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$harness" "$((SECONDS - begun))" \
      "$(stat_of "$log" number_of_executed_units)" "$(stat_of "$log" average_exec_per_sec)" \
      "$(coverage_of "$log")" "$(find "$work/corpus/$harness" -type f | wc -l)" "$findings" | tee -a "$results"
    [ "$status" -eq 0 ] || echo "fuzz-$harness stopped on a finding: see $work/artifacts/$harness" >&2
  done
  column -t -s "$(printf '\t')" "$results"
}

# Replays each harness's corpus, seeds and regression inputs once with a build that records
# coverage (no AddressSanitizer, so the replay is quick) and prints the line coverage of its parser.
coverage() {
  local coverage_scratch=.build/fuzz-coverage llvm=${LLVM_BIN:-/opt/swift/usr/bin} out=$work/coverage
  mkdir -p "$out"
  for harness in "$@"; do
    if [ "${BUNDLECHECK_FUZZ_NO_BUILD:-}" != 1 ]; then
      BUNDLECHECK_FUZZ=1 swift build -c release --scratch-path "$coverage_scratch" -Xswiftc -sanitize=fuzzer \
        -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping --product "fuzz-$harness" 2>&1 | grep -v '^\[' || true
    fi
    require_built "$coverage_scratch" "$harness"
    rm -f "$out/$harness"-*.profraw
    mkdir -p "$work/corpus/$harness"
    # shellcheck disable=SC2046
    LLVM_PROFILE_FILE="$out/$harness-%p.profraw" LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp" \
      "$coverage_scratch/release/fuzz-$harness" -runs=0 "-max_len=$(max_len "$harness")" \
      "$work/corpus/$harness" $(folders_of "$harness") >"$out/$harness.log" 2>&1
    "$llvm/llvm-profdata" merge -sparse "$out/$harness"-*.profraw -o "$out/$harness.profdata"
    # shellcheck disable=SC2046
    "$llvm/llvm-cov" report "$coverage_scratch/release/fuzz-$harness" -instr-profile="$out/$harness.profdata" \
      $(sources_of "$harness") >"$out/$harness.txt"
    echo "$harness: $(awk '/^TOTAL/ { print "lines " $(NF-3) ", regions " $4 ", functions " $7 }' "$out/$harness.txt") (per file: $out/$harness.txt)"
  done
}

[ "${BUNDLECHECK_FUZZ_NO_BUILD:-}" = 1 ] && build() { require_built "$scratch" "$@"; }
mkdir -p "$work"
case ${1:-all} in
  --smoke) smoke ;;
  --coverage)
    if [ "${2:-all}" = all ]; then coverage "${harnesses[@]}"; else coverage "$2"; fi ;;
  --list) printf '%s\n' "${harnesses[@]}" ;;
  -h|--help) usage ;;
  all) long_run "${2:-300}" "${harnesses[@]}" ;;
  *)
    [[ " ${harnesses[*]} " == *" $1 "* ]] || { echo "error: unknown harness '$1' (one of: ${harnesses[*]}, all)" >&2; exit 64; }
    long_run "${2:-300}" "$1" ;;
esac
