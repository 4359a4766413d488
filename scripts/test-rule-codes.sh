#!/usr/bin/env bash
# A rule file that does not define the Apple codes its built-in check reports must not load, in
# a release build too (where Swift's assert is compiled out): run by .ci/run on the installed
# binary. Usage: scripts/test-rule-codes.sh path/to/bundlecheck
set -euo pipefail
binary=${1:?usage: $0 path/to/bundlecheck}
pack=$(mktemp -d)
trap 'rm -rf "$pack"' EXIT

# A team's rule run by a built-in check under its own id, with the given apple-codes line.
rule() {
  cat <<YAML
id: team-$1
title: A team's own rule
severity: warning
category: team
apple-codes: $2
rationale: Our release notes quote the codes.
fix: As the shipped rule says.
scope:
  kinds: [app]
check: $1
YAML
}

# Expects the pack to be refused (exit 64) with a message holding $1.
refused() {
  local status=0 output
  output=$("$binary" --rules "$pack" --list-rules 2>&1 >/dev/null) || status=$?
  [ "$status" = 64 ] || { echo "error: a pack with $(cat "$pack"/*.yml | grep apple-codes) loaded (exit $status)" >&2; exit 1; }
  case $output in *"$1"*) ;; *) echo "error: unexpected message: $output" >&2; exit 1 ;; esac
}

# version-missing picks by key: a list defines none.
rule version-missing "[ITMS-90056, ITMS-90057]" >"$pack/team-version-missing.yml"
refused "the check 'version-missing' picks its Apple code by the key"
# app-icon-missing reports the table's codes of each size under required-sizes: one left out.
rm "$pack"/*.yml
rule app-icon-missing "{icon-name: ITMS-90713, required-sizes: [ITMS-90022], missing-file: ITMS-90032}" >"$pack/team-app-icon-missing.yml"
refused "may report ITMS-90023, which Rules/data/app-icon-sizes.yml gives it"
# Defined in full, both load.
rule app-icon-missing "{icon-name: ITMS-90713, required-sizes: [ITMS-90022, ITMS-90023], missing-file: ITMS-90032}" >"$pack/team-app-icon-missing.yml"
rule version-missing "{version: ITMS-90056, short-version: ITMS-90057}" >"$pack/team-version-missing.yml"
listing=$("$binary" --rules "$pack" --list-rules)
grep -q '^team-version-missing' <<<"$listing" || { echo "error: the corrected pack did not load" >&2; exit 1; }
echo "rule files that leave out their check's Apple codes are refused by $("$binary" --version)"
