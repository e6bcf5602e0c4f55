#!/usr/bin/env bash
# Builds the Debian package a shop installs on a counter PC: dist/catalog_<version>_amd64.deb.
#
# The binary is a release build with the Swift runtime linked in (--static-swift-stdlib), so the
# counter needs only Debian's own libraries (SQLite, libcurl, libcups, Cairo, libzint, fonts).
# The package holds /usr/bin/catalog, the stock label templates in /usr/share/catalog/labels, a
# man page for every subcommand (made from the command tree), bash/zsh/fish completions, and the
# systemd units (catalog-scan, catalog-serve) and udev rule from contrib/ (installed, not enabled).
#
# The version is the last tag (or 0.0.0) plus the commits since it and the commit's hash, e.g.
# 0.0.0+212.g8a3ec54d; `catalog --version` prints it with the commit.
#
# usage: scripts/package.sh [--output DIR]      (default: dist/)
# CATALOG_PACKAGE_COMPRESSION=none|gzip|xz (default xz, the smallest download) chooses the .deb's
# compression; the package test uses none, because xz on the 158 MB binary takes over a minute.
set -euo pipefail
# Nothing fails silently: a step the script did not expect to fail says where it stopped.
trap 'echo "package: FAILED at line $LINENO: $BASH_COMMAND (exit $?)" >&2' ERR
cd "$(dirname "$0")/.."
repo="$PWD"

output="$repo/dist"
while [ $# -gt 0 ]; do
    case "$1" in
    --output)
        [ $# -ge 2 ] || { echo "package: --output needs a folder" >&2; exit 64; }
        output="$(mkdir -p "$2" && cd "$2" && pwd)"
        shift 2
        ;;
    -h | --help)
        sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
        exit 0
        ;;
    *)
        echo "package: unknown argument '$1'. Usage: scripts/package.sh [--output DIR]" >&2
        exit 64
        ;;
    esac
done

compression="${CATALOG_PACKAGE_COMPRESSION:-xz}"
case "$compression" in
none | gzip | xz) ;;
*) echo "package: CATALOG_PACKAGE_COMPRESSION must be none, gzip or xz, not '$compression'" >&2; exit 64 ;;
esac

say() { echo "package: $*" >&2; }
fail() {
    say "FAILED: $1."
    [ $# -lt 2 ] || say "  $2"
    exit 1
}

for tool in swift dpkg-deb dpkg-shlibdeps python3 gzip; do
    command -v "$tool" >/dev/null ||
        fail "'$tool' is not installed" "run scripts/setup.sh --with-test-tools (dpkg-shlibdeps is in dpkg-dev)"
done
architecture=$(dpkg --print-architecture)

# The version: last tag (a leading v dropped) or 0.0.0, then +COUNT.gHASH when HEAD is not the tag.
if commit=$(git rev-parse HEAD 2>/dev/null); then
    tag=$(git describe --tags --abbrev=0 2>/dev/null || true)
    base="${tag#v}"
    base="${base:-0.0.0}"
    count=$(git rev-list --count "${tag:+$tag..}HEAD")
    version="$base"
    if [ -z "$tag" ] || [ "$count" -gt 0 ]; then version="$base+$count.g${commit:0:8}"; fi
    commit="${commit:0:12}"
    if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
        version="$version.modified"
        commit="$commit-modified"
    fi
else
    fail "this is not a git checkout, so the version is unknown" "package from a clone of the repository"
fi
say "version $version (commit $commit)"

say "building the release binary with the Swift runtime linked in (a first build takes minutes)"
# scripts/build-release.sh says which flags and why.
CATALOG_VERSION="$version" CATALOG_COMMIT="$commit" bash scripts/build-release.sh --product catalog ||
    fail "the release build" "run by hand: CATALOG_VERSION=$version bash scripts/build-release.sh --product catalog"
binary="$(bash scripts/build-release.sh --show-bin-path)/catalog"
if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|lib_Foundation|libBlocksRuntime'; then
    fail "the binary still links the Swift runtime dynamically (see above)"
fi
printed=$("$binary" --version)
[ "$printed" = "$version (commit $commit)" ] ||
    fail "the binary says it is '$printed', not '$version (commit $commit)'" "run swift package clean and try again"

name="catalog_${version}_${architecture}"
stage=$(mktemp -d -t catalog-package.XXXXXX)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
say "staging the files in $root"

install -D -m 0755 "$binary" "$root/usr/bin/catalog"
strip --strip-unneeded "$root/usr/bin/catalog"
install -d "$root/usr/share/catalog/labels"
install -m 0644 Labels/*.yaml "$root/usr/share/catalog/labels/"

docs="$root/usr/share/doc/catalog"
install -d "$docs"
install -m 0644 README.md "$docs/README.md"
install -m 0644 Labels/README.md "$docs/labels.md"
install -m 0644 docs/*.md "$docs/"
cat >"$docs/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: catalog
Comment: Built from the catalog repository with Swift's runtime and these Swift packages linked
 in: swift-argument-parser, GRDB.swift, Hummingbird, SwiftNIO, swift-crypto, Yams, swift-log
 (Apache-2.0 or MIT, see each project).
EOF

"$root/usr/bin/catalog" --experimental-dump-help >"$stage/commands.json"
python3 scripts/manpages.py "$stage/commands.json" "$root/usr/share/man/man1" --version "$version" ||
    fail "writing the man pages" "run by hand: python3 scripts/manpages.py COMMANDS.json OUT"
gzip -9n "$root"/usr/share/man/man1/*.1

install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
"$root/usr/bin/catalog" --generate-completion-script bash >"$root/usr/share/bash-completion/completions/catalog"
"$root/usr/bin/catalog" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_catalog"
"$root/usr/bin/catalog" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/catalog.fish"

# The units and rule as contrib/ has them, pointed at the packaged binary and docs.
install -d "$root/lib/systemd/system" "$root/lib/udev/rules.d" "$root/usr/lib/sysusers.d"
for unit in catalog-scan.service catalog-serve.service; do
    sed -e 's|/usr/local/bin/catalog|/usr/bin/catalog|g' -e 's|/usr/local/share/doc/catalog|/usr/share/doc/catalog|g' \
        "contrib/$unit" >"$root/lib/systemd/system/$unit"
done
install -m 0644 contrib/99-catalog-scanner.rules "$root/lib/udev/rules.d/99-catalog-scanner.rules"
# The user the units run as and the group the udev rule gives the scanner to.
printf 'u catalog - "catalog counter service" /var/lib/catalog /usr/sbin/nologin\n' \
    >"$root/usr/lib/sysusers.d/catalog.conf"
find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f ! -path "$root/usr/bin/*" -exec chmod 0644 {} +

say "finding the Debian packages the binary links (dpkg-shlibdeps)"
mkdir -p "$stage/shlibs/debian"
printf 'Source: catalog\n\nPackage: catalog\nArchitecture: any\n' >"$stage/shlibs/debian/control"
depends=$(cd "$stage/shlibs" && dpkg-shlibdeps -O -e "$root/usr/bin/catalog" 2>/dev/null) ||
    fail "dpkg-shlibdeps could not read the binary's libraries" \
        "run by hand: cd $stage/shlibs && dpkg-shlibdeps -O -e $root/usr/bin/catalog"
depends="${depends#shlibs:Depends=}"
# libcurl, libcups, Cairo and libzint are loaded on first use (Sources/CDelayLoad), so the binary
# does not name them and dpkg-shlibdeps cannot see them: each soname there gets its package's
# dependency from that package's shlibs file.
libraries=$(ldconfig -p) || fail "ldconfig -p could not list the shared libraries"
for soname in $(grep -o '"lib[A-Za-z0-9_+-]*\.so\.[0-9.]*"' Sources/CDelayLoad/delay_load.c | tr -d '"'); do
    # (No `head` or early `exit` in these pipelines: under pipefail a writer cut short fails them.)
    path=$(awk -v soname="$soname" '$1 == soname && /x86-64/ && !found { print $NF; found = 1 }' <<<"$libraries")
    [ -n "$path" ] || fail "$soname is not installed" "run scripts/setup.sh"
    owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | awk -F: 'NR == 1 { print $1 }') || true
    [ -n "$owner" ] || fail "no Debian package owns $path" "run dpkg -S $path"
    entry=$(cat "/var/lib/dpkg/info/$owner:$architecture.shlibs" "/var/lib/dpkg/info/$owner.shlibs" 2>/dev/null |
        awk -v name="${soname%%.so.*}" -v version="${soname#*.so.}" \
            '$1 == name && $2 == version && !found { $1 = ""; $2 = ""; sub(/^ +/, ""); print; found = 1 }') || true
    depends="$depends, ${entry:-$owner}"
done
depends="$depends, fonts-dejavu-core"

install -d "$root/DEBIAN"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<EOF
Package: catalog
Version: $version
Architecture: $architecture
Maintainer: catalog developers <catalog@localhost>
Installed-Size: $installed_size
Depends: $depends
Recommends: cups-client, systemd
Section: utils
Priority: optional
Description: Square catalog at the shop counter: search, scanner, reorder list, labels
 catalog keeps a local SQLite copy of a shop's Square catalog and finds any item at once from a
 few typed letters, a typo, a SKU or a barcode. It reads a USB barcode scanner at the counter,
 keeps a reorder list that exports for suppliers, prints shelf labels through CUPS, and writes
 edits back to Square with its versions, so nothing is lost or doubled.
 .
 The catalog-scan service (the counter), the catalog-serve service (the shop's hub) and the
 scanner's udev rule are installed but not enabled; see /usr/share/doc/catalog/README.md.
EOF
cat >"$root/DEBIAN/postinst" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = configure ]; then
    # The `catalog` user and group: the service runs as it, the udev rule gives scanners to it.
    if command -v systemd-sysusers >/dev/null 2>&1; then
        systemd-sysusers catalog.conf
    elif ! getent passwd catalog >/dev/null; then
        adduser --system --group --home /var/lib/catalog --no-create-home catalog
    fi
    if [ -d /run/udev ] && command -v udevadm >/dev/null 2>&1; then udevadm control --reload-rules || true; fi
    if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
fi
exit 0
EOF
cat >"$root/DEBIAN/postrm" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
    if [ -d /run/udev ] && command -v udevadm >/dev/null 2>&1; then udevadm control --reload-rules || true; fi
    if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
fi
exit 0
EOF
cat >"$root/DEBIAN/prerm" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = remove ] && [ -d /run/systemd/system ]; then
    systemctl stop catalog-scan.service catalog-serve.service 2>/dev/null || true
fi
exit 0
EOF
chmod 0755 "$root/DEBIAN/postinst" "$root/DEBIAN/postrm" "$root/DEBIAN/prerm"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
    >"$root/DEBIAN/md5sums"

mkdir -p "$output"
dpkg-deb --root-owner-group "-Z$compression" --build "$root" "$output/$name.deb" >/dev/null ||
    fail "dpkg-deb --build" "run by hand: dpkg-deb --root-owner-group --build $root $output/$name.deb"
say "built $output/$name.deb ($(du -h "$output/$name.deb" | cut -f1))"
echo "$output/$name.deb"
