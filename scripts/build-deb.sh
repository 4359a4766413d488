#!/usr/bin/env bash
# Builds dist/bundlecheck_VERSION_ARCH.deb from `make install DESTDIR=…` (run by `make deb`,
# after `make build`). The version is the project's (what --version prints) and the commit's
# date and hash, so every commit of main orders after the one before it:
#   0.1.0+git202612032002.49169eb   (with .dirty for uncommitted changes to tracked files)
# Depends: is what dpkg-shlibdeps reads off the binary's shared libraries. Timestamps are the
# commit's (SOURCE_DATE_EPOCH), so the same commit gives the same package.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
maintainer=${MAINTAINER:-bundlecheck developers <bundlecheck@example.org>}
dist=${DIST:-dist}
bin=$($swift build -c release --static-swift-stdlib -Xswiftc -DBUNDLECHECK_STAMPED_BUILD --show-bin-path)
generate="$bin/bundlecheck-generate"

upstream=$("$generate" version)
git() { command git -c safe.directory='*' "$@"; }
if [ -f .source-version ]; then
  # A source tarball (make dist) says what it was made from; git there may be another checkout's.
  version=$(sed -n 's/^version=//p' .source-version)
  commit=$(sed -n 's/^commit=//p' .source-version)
  epoch=$(sed -n 's/^epoch=//p' .source-version)
elif commit=$(git rev-parse --short=7 HEAD 2>/dev/null); then
  epoch=$(git log -1 --format=%ct HEAD)
  stamp=$(TZ=UTC date -d "@$epoch" +%Y%m%d%H%M)
  version="$upstream+git$stamp.$commit"
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    version="$version.dirty"
    commit="$commit-dirty"
  fi
else
  commit=unknown
  epoch=${SOURCE_DATE_EPOCH:-$(date +%s)}
  version=$upstream
fi
export SOURCE_DATE_EPOCH=$epoch
arch=$(dpkg --print-architecture)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
umask 022

# The Debian paths: zsh's vendor folder rather than site-functions, which is the local admin's.
make --no-print-directory install DESTDIR="$root" PREFIX=/usr \
  ZSHDIR="$root/usr/share/zsh/vendor-completions" > "$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }

# What dh_strip would do: no symbols, no .comment or .note (lintian's binary-has-unneeded-section).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/bundlecheck"
gzip -9n "$root/usr/share/man/man1/bundlecheck.1"

doc="$root/usr/share/doc/bundlecheck"
install -d "$doc"
install -m 644 scripts/debian/copyright "$doc/copyright"
"$generate" debian-changelog "$version" "$commit" "$epoch" "$maintainer" < CHANGELOG.md | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps wants a debian/control naming the package, and reads the symbols files of the
# libraries the binary links to find the oldest version that provides what it uses.
mkdir -p "$work/shlibs/debian"
printf 'Source: bundlecheck\n\nPackage: bundlecheck\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/bundlecheck" 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p') || {
  cat "$work/shlibdeps.log" >&2
  exit 1
}
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps found no dependency" >&2; cat "$work/shlibdeps.log" >&2; exit 1; }
# Packed relative relocations (the Makefile's lld link) need the GLIBC_ABI_DT_RELR version, glibc
# 2.36: dpkg-shlibdeps reads the symbols a binary uses, not that, so the bound is raised here.
if readelf -V "$root/usr/bin/bundlecheck" | grep -q 'Name: GLIBC_ABI_DT_RELR'; then
  libc=$(printf '%s\n' "$depends" | tr ',' '\n' | sed -n 's/^ *libc6 (>= \([^)]*\)).*/\1/p')
  if [ -z "$libc" ] || dpkg --compare-versions "$libc" lt 2.36; then
    depends=$(printf '%s\n' "$depends" | tr ',' '\n' | sed 's/^ *//' | grep -v '^libc6\( \|$\)' | { cat; echo 'libc6 (>= 2.36)'; } | LC_ALL=C sort | paste -sd, - | sed 's/,/, /g')
  fi
fi

install -d "$root/DEBIAN"
installed_size=$(du -sk --apparent-size "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" \
    -e "s/@SIZE@/$installed_size/" -e "s/@MAINTAINER@/$maintainer/" scripts/debian/control > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -exec touch --no-dereference --date="@$epoch" {} +

mkdir -p "$dist"
deb="$dist/bundlecheck_${version}_${arch}.deb"
rm -f "$dist"/bundlecheck_*_"$arch".deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
