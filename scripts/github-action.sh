#!/usr/bin/env bash
# The steps of the composite GitHub Action (action.yml), one subcommand each:
#
#   scripts/github-action.sh preflight   refuse a runner that is not Linux; say where bundlecheck
#                                        comes from (source=deb-url|path|build) and, to build it,
#                                        the cache's folder and key (build-path, source-key)
#   scripts/github-action.sh install     install or find bundlecheck; output bundlecheck=PATH
#   scripts/github-action.sh check       run the check once (and the release review with
#                                        DIFF_AGAINST), write the outputs, exit with the status
#
# Inputs come from environment variables that action.yml sets from its inputs, never from text
# spliced into a script (that would be script injection):
#   preflight, install: DEB_URL, SHA256, BUNDLECHECK_PATH
#   check: BUNDLECHECK, PACKAGES, FAIL_ON, SARIF, JUNIT, JSON, DIFF_AGAINST, CONFIG, ARGS
# and from the runner's: RUNNER_OS, RUNNER_TEMP, GITHUB_WORKSPACE, GITHUB_ACTION_PATH,
# GITHUB_OUTPUT, GITHUB_STEP_SUMMARY. Paths are relative to GITHUB_WORKSPACE.
#
# Needs only bash, coreutils, grep and sed (plus curl or wget for DEB_URL, installed with apt-get
# when both are missing, and apt-get to install a .deb or the build's dependencies): the swift
# container and a bare Debian image have no jq or python.
#
# Exit status: check exits with bundlecheck's (0, 1, 2, 64, 73; docs/ci.md), else the review's;
# the action's own refusals exit 64 for a mistake in the inputs and 1 for a runner that cannot
# run bundlecheck (not Linux, no Swift toolchain to build it, a download that fails or does not
# match its sha256).
set -euo pipefail

# A workflow command's message: % and line breaks escaped, so a value from an input cannot end
# the command and start another on a line of its own.
escape_command_data() {
  local text=$1
  text=${text//'%'/%25}
  text=${text//$'\r'/%0D}
  text=${text//$'\n'/%0A}
  printf '%s' "$text"
}

# An ::error:: annotation, then the exit status.
fail() {
  local status=$1
  shift
  printf '::error title=bundlecheck action::%s\n' "$(escape_command_data "$*")"
  exit "$status"
}

# One step output. A value with a line break takes the heredoc form with a random delimiter, which
# the value cannot contain by chance.
set_output() {
  local name=$1 value=$2
  [ -n "${GITHUB_OUTPUT:-}" ] || fail 1 "GITHUB_OUTPUT is not set: run this script as a step of action.yml"
  if [[ $value == *$'\n'* ]]; then
    local delimiter
    delimiter="ghadelimiter_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s<<%s\n%s\n%s\n' "$name" "$delimiter" "$value" "$delimiter" >>"$GITHUB_OUTPUT"
  else
    printf '%s=%s\n' "$name" "$value" >>"$GITHUB_OUTPUT"
  fi
}

# bundlecheck reads Apple packages but runs on Linux only; a macOS job should hand its IPA to a
# Linux job as an artifact.
require_linux() {
  local os=${RUNNER_OS:-}
  if [ "$os" != "Linux" ]; then
    fail 1 "bundlecheck's action runs on Linux runners only, and this one is ${os:-unknown} (RUNNER_OS). Run the check in a Linux job (runs-on: ubuntu-24.04, optionally container: swift:6.3), handing the package over with actions/upload-artifact and actions/download-artifact."
  fi
}

require_workspace() {
  if [ -z "${GITHUB_WORKSPACE:-}" ] || [ ! -d "$GITHUB_WORKSPACE" ]; then
    fail 64 "GITHUB_WORKSPACE is not set or not a folder: package paths are relative to it"
  fi
}

temporary_root() {
  printf '%s' "${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
}

# A path relative to the workspace, made absolute (install runs outside it).
in_workspace() {
  case $1 in
    /*) printf '%s' "$1" ;;
    *) printf '%s/%s' "$GITHUB_WORKSPACE" "$1" ;;
  esac
}

# Runs a command as root: directly, or through sudo on a hosted runner's non-root user.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    fail 1 "installing needs root, and this runner is neither root nor has sudo: $*"
  fi
}

require_swift() {
  command -v swift >/dev/null 2>&1 ||
    fail 1 "building bundlecheck from source needs a Swift 6 toolchain, and swift is not on PATH. Run the job in a Swift container image (container: swift:6.3), or install a release's Debian package with deb-url and sha256."
}

# Where bundlecheck comes from: a downloaded .deb, a given path, or the action's own source.
tool_source() {
  if [ -n "${DEB_URL:-}" ]; then
    echo deb-url
  elif [ -n "${BUNDLECHECK_PATH:-}" ]; then
    echo path
  else
    echo build
  fi
}

# The cache key of a source build, in source_key: the action's commit, or where its folder is no
# git checkout (GitHub downloads a remote action as a tarball) a digest of what the build reads.
# (Functions that may fail set a variable rather than print: a failure inside $(...) would
# swallow its ::error:: line.)
find_source_key() {
  local root=$GITHUB_ACTION_PATH files
  if source_key=$(git -c safe.directory='*' -C "$root" rev-parse HEAD 2>/dev/null); then
    return
  fi
  files=$(cd "$root" && find Package.swift Package.resolved Makefile Sources Rules -type f 2>/dev/null | LC_ALL=C sort) || true
  [ -n "$files" ] || fail 1 "no bundlecheck source at $root (GITHUB_ACTION_PATH): give deb-url or bundlecheck-path"
  source_key="tree-$(cd "$root" && printf '%s\n' "$files" | tr '\n' '\0' | xargs -0 sha256sum | sha256sum | cut -c1-40)"
}

preflight() {
  require_linux
  local source
  source=$(tool_source)
  case $source in
    deb-url)
      [ -n "${SHA256:-}" ] ||
        fail 64 "deb-url needs sha256, the SHA-256 of the .deb (sha256sum bundlecheck_<version>_amd64.deb): a download is installed only when it matches"
      ;;
    build)
      [ -n "${GITHUB_ACTION_PATH:-}" ] || fail 1 "GITHUB_ACTION_PATH is not set: cannot find the action's source to build it"
      require_swift
      ;;
  esac
  set_output source "$source"
  if [ "$source" = build ]; then
    set_output build-path "$GITHUB_ACTION_PATH/.build"
    find_source_key
    set_output source-key "$source_key"
  else
    set_output build-path ""
    set_output source-key ""
  fi
}

# Installs a .deb with its dependencies from the distribution (libzip, libxml2, libyaml, ...),
# then finds the bundlecheck it put on PATH.
install_deb() {
  local deb=$1
  export DEBIAN_FRONTEND=noninteractive
  command -v apt-get >/dev/null 2>&1 || fail 1 "installing $deb needs apt-get (a Debian or Ubuntu runner or image)"
  # A fresh container has no package lists, and the .deb's dependencies come from them.
  as_root apt-get update -qq
  as_root apt-get install -y -qq "$deb"
  binary=$(command -v bundlecheck) || fail 1 "the Debian package $deb was installed but put no bundlecheck on PATH"
}

download() {
  local url=$1 file=$2
  if command -v curl >/dev/null 2>&1; then
    curl --fail --silent --show-error --location --retry 3 --output "$file" "$url" ||
      fail 1 "could not download deb-url $url"
  elif command -v wget >/dev/null 2>&1; then
    wget --quiet --tries=3 --output-document="$file" "$url" || fail 1 "could not download deb-url $url"
  elif command -v apt-get >/dev/null 2>&1; then
    # A bare debian:12 image has neither; apt is needed for the .deb anyway.
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-install-recommends curl ca-certificates
    download "$url" "$file"
  else
    fail 1 "downloading deb-url needs curl or wget, and this runner has neither"
  fi
}

# The .deb at DEB_URL, installed only when its SHA-256 is the one given: a release's download
# could be replaced, the digest in the workflow cannot.
install_from_url() {
  local expected folder deb actual
  expected=$(printf '%s' "${SHA256:-}" | tr -d '[:space:]' | tr '[:upper:]' '[:lower:]')
  [ -n "$expected" ] || fail 64 "deb-url needs sha256, the SHA-256 of the .deb: a download is installed only when it matches"
  [[ $expected =~ ^[0-9a-f]{64}$ ]] || fail 64 "sha256 must be 64 hexadecimal digits, not '$SHA256'"
  folder=$(mktemp -d "$(temporary_root)/bundlecheck-deb.XXXXXX")
  deb="$folder/bundlecheck.deb"
  download "$DEB_URL" "$deb"
  actual=$(sha256sum "$deb" | cut -d' ' -f1)
  if [ "$actual" != "$expected" ]; then
    rm -rf -- "$folder"
    fail 1 "refusing to install $DEB_URL: its SHA-256 is $actual, not $expected (the sha256 input)"
  fi
  install_deb "$deb"
  rm -rf -- "$folder"
}

install_from_path() {
  local path
  path=$(in_workspace "$BUNDLECHECK_PATH")
  case $path in
    *.deb)
      [ -f "$path" ] || fail 64 "bundlecheck-path $BUNDLECHECK_PATH: no such file"
      install_deb "$path"
      ;;
    *)
      if [ ! -f "$path" ] || [ ! -x "$path" ]; then
        fail 64 "bundlecheck-path $BUNDLECHECK_PATH is neither a .deb nor an executable bundlecheck"
      fi
      binary=$path
      ;;
  esac
}

# The build's system libraries and make, from apt when pkg-config does not find them.
install_build_dependencies() {
  if command -v make >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 &&
    pkg-config --exists libzip libxml-2.0 yaml-0.1 libcrypto zlib libisal libarchive liblzma; then
    return
  fi
  command -v apt-get >/dev/null 2>&1 ||
    fail 1 "building bundlecheck needs make, pkg-config and the development packages of libzip, libxml2, libyaml, OpenSSL, zlib, ISA-L, libarchive and liblzma; install them, or give deb-url"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends libzip-dev libxml2-dev libyaml-dev libssl-dev zlib1g-dev libisal-dev libarchive-dev liblzma-dev pkg-config make git
}

# The release build with its man page and completions; .build is what actions/cache keeps.
install_from_source() {
  local prefix
  prefix="$(temporary_root)/bundlecheck"
  require_swift
  install_build_dependencies
  make -C "$GITHUB_ACTION_PATH" install PREFIX="$prefix"
  binary="$prefix/bin/bundlecheck"
}

install() {
  require_linux
  require_workspace
  binary=""
  case $(tool_source) in
    deb-url) install_from_url ;;
    path) install_from_path ;;
    build) install_from_source ;;
  esac
  "$binary" --version || fail 1 "$binary does not run"
  set_output bundlecheck "$binary"
}

# Words of an input (spaces, tabs or line breaks between them), without expanding globs.
split_words() {
  local -n words=$1
  local text=$2
  set -f
  # shellcheck disable=SC2034,SC2206 # words names the caller's array; splitting is the point, globbing is off
  words=($text)
  set +f
}

# The packages the patterns match, each once, in the order matched; a pattern that matches
# nothing fails the step, since a check of fewer packages than meant would pass silently.
expand_packages() {
  local -n expanded=$1
  local patterns=() pattern match
  local -A seen=()
  split_words patterns "${PACKAGES:-}"
  [ "${#patterns[@]}" -gt 0 ] || fail 64 "packages is empty: give the packages to check (e.g. build/*.ipa)"
  shopt -s nullglob globstar
  for pattern in "${patterns[@]}"; do
    # shellcheck disable=SC2206 # the pattern is expanded as a glob; it has no whitespace
    local matches=($pattern)
    # A word without * ? or [ stays as written even with nullglob: it matches when it exists.
    if [ "${#matches[@]}" -eq 1 ] && [ ! -e "${matches[0]}" ]; then matches=(); fi
    [ "${#matches[@]}" -gt 0 ] ||
      fail 64 "packages: '$pattern' matches nothing in $GITHUB_WORKSPACE (did the job download the build's artifact?)"
    for match in "${matches[@]}"; do
      if [ -z "${seen[$match]:-}" ]; then
        seen[$match]=1
        expanded+=("$match")
      fi
    done
  done
  shopt -u nullglob globstar
}

# An output the step writes: any earlier file there goes, so the outputs name only what this run
# wrote, and its folder is made.
prepare_output() {
  rm -f -- "$1"
  mkdir -p -- "$(dirname -- "$1")"
}

# The counts of the JSON report's top-level summary, as "errors warnings notes suppressed".
# The summary is the report's last object with these four members (inputs come before it); the
# report's strings escape their quotes, so none can imitate it.
report_counts() {
  local summary
  summary=$(tr -d ' \t\r\n' <"$1" |
    grep -o '"summary":{"errors":[0-9]*,"warnings":[0-9]*,"notes":[0-9]*,"suppressed":[0-9]*}' |
    tail -n 1) || return 1
  printf '%s' "$summary" | sed 's/[^0-9,]//g; s/,/ /g'
}

check() {
  require_linux
  require_workspace
  [ -n "${BUNDLECHECK:-}" ] || fail 1 "BUNDLECHECK is not set: the install step gives the path of bundlecheck"
  cd "$GITHUB_WORKSPACE"

  local options=(--format github) extra=() packages=()
  case ${FAIL_ON:-} in
    '') ;;
    error | warning) options+=(--fail-on "$FAIL_ON") ;;
    *) fail 64 "fail-on must be error or warning, not '$FAIL_ON'" ;;
  esac
  [ -z "${CONFIG:-}" ] || options+=(--config "$CONFIG")
  split_words extra "${ARGS:-}"
  expand_packages packages
  if [ -n "${DIFF_AGAINST:-}" ] && [ "${#packages[@]}" -ne 1 ]; then
    fail 64 "diff-against compares one package with an earlier build, and packages matched ${#packages[@]}: ${packages[*]}"
  fi

  # The JSON report is always written: the counts come from it.
  local json=${JSON:-}
  if [ -z "$json" ]; then
    json=$(mktemp --suffix=.json "$(temporary_root)/bundlecheck-report.XXXXXX")
  fi
  prepare_output "$json"
  options+=(--report "json=$json")
  local format path
  for format in sarif junit; do
    path=${SARIF:-}
    [ "$format" = sarif ] || path=${JUNIT:-}
    if [ -n "$path" ]; then
      prepare_output "$path"
      options+=(--report "$format=$path")
    fi
  done

  # Once: annotations on standard output, and bundlecheck itself appends the step summary.
  local status=0
  "$BUNDLECHECK" "${options[@]}" "${extra[@]}" -- "${packages[@]}" || status=$?

  local diff_status=""
  if [ -n "${DIFF_AGAINST:-}" ]; then
    run_review "${packages[0]}"
  fi

  write_outputs "$json" "$status" "$diff_status"
  if [ "$status" -ne 0 ]; then
    exit "$status"
  fi
  if [ -n "$diff_status" ] && [ "$diff_status" -ne 0 ]; then
    printf '::error title=bundlecheck release review::%s\n' \
      "$(escape_command_data "the release review of ${packages[0]} against ${DIFF_AGAINST} fails (bundlecheck diff exited $diff_status): see the step summary")"
    exit "$diff_status"
  fi
}

# bundlecheck diff OLD NEW, its Markdown appended to the step summary. Sets diff_status and
# diff_markdown in check's scope.
run_review() {
  local new=$1 review=()
  diff_markdown=$(mktemp --suffix=.md "$(temporary_root)/bundlecheck-review.XXXXXX")
  [ -z "${FAIL_ON:-}" ] || review+=(--fail-on "$FAIL_ON")
  [ -z "${CONFIG:-}" ] || review+=(--config "$CONFIG")
  diff_status=0
  "$BUNDLECHECK" diff --format markdown --output "$diff_markdown" "${review[@]}" -- "$DIFF_AGAINST" "$new" || diff_status=$?
  # No review when a side could not be read (exit 2): bundlecheck's message says which.
  [ -s "$diff_markdown" ] || rm -f -- "$diff_markdown"
  if [ -f "$diff_markdown" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    { printf '\n'; cat -- "$diff_markdown"; } >>"$GITHUB_STEP_SUMMARY"
  fi
}

write_outputs() {
  local json=$1 status=$2 diff_status=$3 counts=() errors="" warnings="" notes="" suppressed=""
  set_output exit-status "$status"
  # No report when bundlecheck refused the command line (64): the counts stay empty.
  if [ -s "$json" ] && read -r -a counts <<<"$(report_counts "$json")" && [ "${#counts[@]}" -eq 4 ]; then
    errors=${counts[0]} warnings=${counts[1]} notes=${counts[2]} suppressed=${counts[3]}
  fi
  set_output errors "$errors"
  set_output warnings "$warnings"
  set_output notes "$notes"
  set_output suppressed "$suppressed"
  set_output json "$(written "$json")"
  set_output sarif "$(written "${SARIF:-}")"
  set_output junit "$(written "${JUNIT:-}")"
  set_output diff-exit-status "$diff_status"
  set_output diff-markdown "$(written "${diff_markdown:-}")"
}

# The path when that file was written, else empty.
written() {
  if [ -n "$1" ] && [ -f "$1" ]; then printf '%s' "$1"; fi
}

diff_markdown=""
case ${1:-} in
  preflight) preflight ;;
  install) install ;;
  check) check ;;
  *)
    echo "usage: $0 preflight|install|check (the steps of action.yml; inputs from the environment)" >&2
    exit 64
    ;;
esac
