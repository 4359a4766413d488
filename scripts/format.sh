#!/usr/bin/env bash
# Formats the Swift sources with swift-format (the toolchain's `swift format`) and the committed
# .swift-format configuration; `--check` changes nothing and fails on any finding, as .ci/run
# runs it. Generated files (*.generated.swift) are left as bundlecheck-generate writes them.
# Usage: scripts/format.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
# The files git knows (tracked or new, not ignored); outside a checkout (a source tarball) every
# .swift file of those folders. CI's clone may belong to another user than root, hence safe.directory.
list() {
  git -c safe.directory='*' ls-files -co --exclude-standard -- 'Package.swift' 'Sources/*.swift' 'Tests/*.swift' 'Fuzz/*.swift' 2>/dev/null \
    || { echo Package.swift; find Sources Tests Fuzz -name '*.swift'; }
}
mapfile -t files < <(list | grep -v '\.generated\.swift$' | while read -r file; do [ -f "$file" ] && echo "$file"; done)
# With no file, swift-format would read standard input and pass.
[ "${#files[@]}" -gt 0 ] || { echo "error: no Swift file found to format" >&2; exit 1; }
if [ "${1:-}" = "--check" ]; then
  status=0
  findings=$(swift format lint --strict --parallel --configuration .swift-format "${files[@]}" 2>&1) || status=$?
  if [ -n "$findings" ] || [ "$status" != 0 ]; then
    echo "$findings"
    echo "error: swift-format exited $status with the findings above; scripts/format.sh fixes what it can" >&2
    exit 1
  fi
  echo "swift-format: ${#files[@]} files formatted as .swift-format says"
else
  swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
fi
