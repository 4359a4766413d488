#!/usr/bin/env bash
# `make dist`, after `make deb`: beside dist/bundlecheck_VERSION_ARCH.deb, the source tarball of
# the same commit (bundlecheck-VERSION.tar.gz, `git archive`, so only tracked files) and
# dist/SHA256SUMS over both, in `sha256sum -c` form. The tarball's version is the package's, and
# it carries it in .source-version, so that a build from it (no git there) stamps the same
# version and commit.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${DIST:-dist}
git() { command git -c safe.directory='*' "$@"; }

debs=("$dist"/bundlecheck_*.deb)
[ "${#debs[@]}" = 1 ] && [ -f "${debs[0]}" ] || { echo "error: expected one .deb in $dist (make deb)" >&2; exit 1; }
version=$(dpkg-deb --field "${debs[0]}" Version)
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "warning: the source tarball holds the commit, not the uncommitted changes the .deb was built with" >&2
fi
rm -f "$dist"/bundlecheck-*.tar.gz
tarball="$dist/bundlecheck-$version.tar.gz"
commit=$(git rev-parse --short=7 HEAD)
epoch=$(git log -1 --format=%ct HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'version=%s\ncommit=%s\nepoch=%s\n' "${version%.dirty}" "$commit" "$epoch" > "$work/.source-version"
git archive --format=tar --prefix="bundlecheck-$version/" --add-file="$work/.source-version" HEAD | gzip -9n > "$tarball"
(cd "$dist" && sha256sum -- "$(basename "${debs[0]}")" "$(basename "$tarball")" > SHA256SUMS)
cat "$dist/SHA256SUMS"
