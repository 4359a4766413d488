#!/usr/bin/env bash
# Checks the package `make deb` wrote, as .ci/run does (as root; needs lintian and mmdebstrap):
#   1. lintian finds no error in it, and no warning but those explained below;
#   2. in a clean Debian 12 chroot (mmdebstrap, no Swift toolchain, none of the libraries until
#      apt-get brings them for Depends:), `apt-get install ./dist/bundlecheck_*.deb` installs it;
#      the installed bundlecheck names the package's version and commit, checks the example
#      (exit status 1: it carries one error on purpose) and writes a JSON report;
#   3. `apt-get purge` leaves none of the files `dpkg -L` listed;
#   4. the GitHub Action's install step refuses the .deb from a URL with a wrong sha256, installs
#      it with the right one, and its check step writes the annotations, summary and outputs.
# The chroot is made in a temporary folder and removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

debs=(dist/bundlecheck_*.deb)
# apt-get's notes on an image without apt-utils are noise here.
export DEBCONF_NOWARNINGS=yes
[ "${#debs[@]}" = 1 ] && [ -f "${debs[0]}" ] || { echo "error: expected one dist/bundlecheck_*.deb (make deb)" >&2; exit 1; }
deb=${debs[0]}
version=$(dpkg-deb --field "$deb" Version)
echo "checking $deb: Version $version; Depends $(dpkg-deb --field "$deb" Depends)"

# 0. The binary as the Makefile links it on glibc 2.36 or later: packed relative relocations
# (DT_RELR), and a Depends that asks for the glibc they need.
unpacked=$(mktemp -d)
dpkg-deb -x "$deb" "$unpacked"
if [ "$(printf '2.36\n%s\n' "$(getconf GNU_LIBC_VERSION | sed 's/^glibc //')" | sort -V | head -n 1)" = 2.36 ]; then
  readelf -d "$unpacked/usr/bin/bundlecheck" | grep -q '(RELR)' || { echo "error: the packaged bundlecheck has no DT_RELR (not linked by lld as the Makefile links it)" >&2; exit 1; }
fi
if readelf -V "$unpacked/usr/bin/bundlecheck" | grep -q 'Name: GLIBC_ABI_DT_RELR'; then
  bound=$(dpkg-deb --field "$deb" Depends | tr ',' '\n' | sed -n 's/^ *libc6 (>= \([^)]*\)).*/\1/p')
  if [ -z "$bound" ] || dpkg --compare-versions "$bound" lt 2.36; then
    echo "error: the binary needs GLIBC_ABI_DT_RELR but Depends asks for libc6 >= ${bound:-nothing}" >&2
    exit 1
  fi
  echo "DT_RELR: packed relative relocations, Depends libc6 (>= $bound)"
fi
rm -rf "$unpacked"

# 1. lintian: an error fails the check, and so does any warning not in $explained, so that a
# new one is read and explained here before it lands. None is today. At the info level lintian
# also says (not checked; shown with --display-level ">=info"):
#   - hardening-no-bindnow, hardening-no-fortify-functions: SwiftPM links without -z now, and
#     Swift code has no _FORTIFY_SOURCE to build with; the C libraries come hardened from Debian.
#   - spelling-error-in-binary: words inside the Swift runtime and ICU data linked in
#     ("Portugese", "overriden"), none in bundlecheck's own strings.
explained=()
lintian_log=$(mktemp)
status=0
lintian --allow-root --fail-on error --display-level ">=warning" --tag-display-limit 0 "$deb" > "$lintian_log" 2>&1 || status=$?
cat "$lintian_log"
[ "$status" = 0 ] || { echo "error: lintian found errors in $deb" >&2; exit 1; }
unexplained=$(grep -E '^[WE]: ' "$lintian_log" | awk '{print $3}' | sort -u | { grep -vxF -f <(printf '%s\n' "${explained[@]+"${explained[@]}"}") || true; } || true)
[ -z "$unexplained" ] || { echo "error: lintian warnings with no explanation in scripts/test-deb.sh: $unexplained" >&2; exit 1; }
rm -f "$lintian_log"
echo "lintian: no error, no unexplained warning"

# 2 and 3, inside the chroot. mmdebstrap runs the hooks with /proc and /dev mounted.
chroot_dir=$(mktemp -d)
trap 'rm -rf "$chroot_dir"' EXIT
inside=$(mktemp)
cat > "$inside" <<'INSIDE'
#!/bin/sh
set -eu
cd /root
expected_version=$1
if command -v swift >/dev/null 2>&1; then echo "error: the chroot has a Swift toolchain" >&2; exit 1; fi
dpkg-query -W -f '${Package}\n' | sort > before.txt
apt-get install -y -qq ./dist/bundlecheck_*.deb >/dev/null
dpkg-query -W -f '${Package}\n' | sort > after.txt
echo "apt-get installed, for Depends: $(comm -13 before.txt after.txt | grep -vx bundlecheck | tr '\n' ' ')"
if ldd /usr/bin/bundlecheck | grep -E 'not found|libswift|libFoundation'; then echo "error: the installed binary wants a library the package does not bring" >&2; exit 1; fi
dpkg-query -W -f '${Version}\n' bundlecheck | grep -qxF "$expected_version"
version=$(bundlecheck --version)
echo "installed in the chroot: $version"
upstream=${expected_version%%+git*}
commit=${expected_version##*.}
case $expected_version in *.dirty) commit="$(echo "$expected_version" | sed 's/.*\.\([0-9a-f]*\)\.dirty$/\1/')-dirty" ;; esac
case $version in "bundlecheck $upstream (commit $commit)") ;; *) echo "error: --version says '$version', the package is $expected_version" >&2; exit 1 ;; esac
status=0
bundlecheck --format json --output report.json Examples/PaiNotes.ipa || status=$?
[ "$status" = 1 ] || { echo "error: bundlecheck exited $status on the example (expected 1)" >&2; exit 1; }
grep -q '"version": "'"$upstream"'"' report.json || { echo "error: the JSON report does not carry version $upstream" >&2; exit 1; }
status=0
bundlecheck Examples/PaiNotes.ipa > report.txt || status=$?
[ "$status" = 1 ] && grep -q 'error\[version-mismatch\]' report.txt || { echo "error: the text report is not the example's (exit $status)" >&2; cat report.txt >&2; exit 1; }
[ -s /usr/share/man/man1/bundlecheck.1.gz ] && [ -s /usr/share/bash-completion/completions/bundlecheck ] || { echo "error: man page or completion missing" >&2; exit 1; }
dpkg -L bundlecheck > listed.txt
apt-get purge -y -qq bundlecheck >/dev/null
left=0
while IFS= read -r path; do
  # dpkg -L lists the folders it shares with other packages (/usr, /usr/share …): only files count.
  if [ -e "$path" ] && [ ! -d "$path" ]; then echo "error: $path is left after purge" >&2; left=1; fi
done < listed.txt
[ -e /usr/share/doc/bundlecheck ] && { echo "error: /usr/share/doc/bundlecheck is left after purge" >&2; left=1; }
[ "$left" = 0 ]
echo "purged: none of the $(wc -l < listed.txt) paths dpkg -L listed is left"

# The GitHub Action's own steps (scripts/github-action.sh) on this bare Debian 12, as in the
# docs' `container: debian:12` job: deb-url (a file:// URL here) checked against its sha256,
# curl fetched with apt since the image has none, then the check with its outputs.
deb=$(ls dist/bundlecheck_*.deb)
runner=/root/runner
mkdir -p "$runner/temp" "$runner/workspace/build"
cp Examples/PaiNotes.ipa "$runner/workspace/build/"
export RUNNER_OS=Linux RUNNER_TEMP="$runner/temp" GITHUB_WORKSPACE="$runner/workspace" GITHUB_ACTION_PATH=/root
export GITHUB_OUTPUT="$runner/install.out" GITHUB_STEP_SUMMARY="$runner/summary.md"
wrong=0000000000000000000000000000000000000000000000000000000000000000
status=0
DEB_URL="file:///root/$deb" SHA256=$wrong bash github-action.sh install > wrong.log 2>&1 || status=$?
[ "$status" = 1 ] && grep -q "refusing to install" wrong.log && [ ! -e /usr/bin/bundlecheck ] ||
  { echo "error: the action installed a .deb whose sha256 differs (exit $status)" >&2; cat wrong.log >&2; exit 1; }
DEB_URL="file:///root/$deb" SHA256=$(sha256sum "$deb" | cut -d' ' -f1) bash github-action.sh install > install.log 2>&1 ||
  { echo "error: the action's install step failed" >&2; cat install.log >&2; exit 1; }
grep -qx "bundlecheck=/usr/bin/bundlecheck" "$runner/install.out" || { echo "error: the install step output no bundlecheck path" >&2; cat "$runner/install.out" >&2; exit 1; }
export GITHUB_OUTPUT="$runner/check.out"
status=0
# Judged on a fixed day, as the tests do: the example, built with Xcode 26.1, gets the warning of
# the April 2027 SDK floor (sdk-floor-upcoming) beside its extension-unsafe-api one until then.
BUNDLECHECK=/usr/bin/bundlecheck PACKAGES='build/*.ipa' SARIF=reports/bundlecheck.sarif ARGS='--now 2026-12-06' \
  bash github-action.sh check > annotations.txt 2>&1 || status=$?
[ "$status" = 1 ] || { echo "error: the action's check step exited $status on the example (expected 1)" >&2; cat annotations.txt >&2; exit 1; }
for line in exit-status=1 errors=1 warnings=2 sarif=reports/bundlecheck.sarif; do
  grep -qx "$line" "$runner/check.out" || { echo "error: the check step did not output $line" >&2; cat "$runner/check.out" >&2; exit 1; }
done
grep -q '^::error file=build/PaiNotes.ipa' annotations.txt && [ -s "$runner/workspace/reports/bundlecheck.sarif" ] && [ -s "$runner/summary.md" ] ||
  { echo "error: the check step wrote no annotation, SARIF or summary" >&2; cat annotations.txt >&2; exit 1; }
echo "the action's steps: a wrong sha256 refused; installed from deb-url; check exit 1, errors=1 warnings=2, $(grep -c '^::' annotations.txt) annotations"
INSIDE

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
started=$(date +%s)
mmdebstrap --quiet --variant=apt \
  --customize-hook='mkdir -p "$1/root/dist" "$1/root/Examples"' \
  --customize-hook="copy-in $deb /root/dist" \
  --customize-hook='copy-in Examples/PaiNotes.ipa /root/Examples' \
  --customize-hook="copy-in $inside /root" \
  --customize-hook='copy-in scripts/github-action.sh /root' \
  --customize-hook="chroot \"\$1\" sh /root/$(basename "$inside") '$version'" \
  bookworm "$chroot_dir" "$mirror"
rm -f "$inside"
echo "chroot check took $(( $(date +%s) - started ))s"
