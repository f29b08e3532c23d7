#!/usr/bin/env bash
# Builds the `corelocation` tool self-contained and installs it with its manual page and its bash, zsh and fish
# completions, which the installed binary writes itself (`corelocation help --man`, `corelocation completions
# SHELL`): nothing generated is kept in the repository, so nothing can go stale.
#
#   Scripts/install.sh [--prefix DIR]        install (default prefix: /usr/local)
#   Scripts/install.sh [--prefix DIR] --uninstall
#
# DESTDIR, when set, is put before every path installed (a staging root, as packagers use it).
#
# Installed:  PREFIX/bin/corelocation
#             PREFIX/share/man/man1/corelocation.1
#             PREFIX/share/bash-completion/completions/corelocation
#             PREFIX/share/zsh/site-functions/_corelocation
#             PREFIX/share/fish/vendor_completions.d/corelocation.fish
#
# The binary carries the Swift runtime, Foundation and Dispatch (`--static-swift-stdlib`), so it runs without the
# toolchain. It still links the C library, libstdc++ and libgcc_s: Debian's packages libc6, libstdc++6 and libgcc-s1.
# A Nominatim geocoder (CORELOCATION_GEOCODER=https://...) runs the curl program. Building needs a Swift toolchain.
set -euo pipefail
umask 022

usage="usage: Scripts/install.sh [--prefix DIR] [--uninstall]"
prefix=/usr/local
uninstall=false
while [ $# -gt 0 ]; do
    case $1 in
    --prefix)
        [ $# -ge 2 ] && [ -n "$2" ] || { echo "error: --prefix needs a directory; $usage" >&2; exit 64; }
        prefix=$2
        shift 2
        ;;
    --prefix=?*) prefix=${1#--prefix=}; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) echo "error: unknown argument \"$1\"; $usage" >&2; exit 64 ;;
    esac
done
case $prefix in
/*) ;;
*) prefix=$PWD/$prefix ;;  # relative to where the script was called from, not to the package
esac
prefix=${prefix%/}
root=${DESTDIR:-}$prefix

# Every file installed, under the prefix; all but the binary are written by the installed binary.
files=(
    "bin/corelocation"
    "share/man/man1/corelocation.1"
    "share/bash-completion/completions/corelocation"
    "share/zsh/site-functions/_corelocation"
    "share/fish/vendor_completions.d/corelocation.fish"
)

if $uninstall; then
    for file in "${files[@]}"; do
        if [ -e "$root/$file" ]; then
            rm -f "$root/$file"
            echo "removed $root/$file"
        else
            echo "absent  $root/$file"
        fi
    done
    exit 0
fi

# Refuse before a build of a minute or more when the files could not be written anyway.
existing=$root
while [ ! -e "$existing" ]; do existing=$(dirname "$existing"); done
if [ ! -d "$existing" ] || [ ! -w "$existing" ] || { [ -e "$root/bin" ] && [ ! -w "$root/bin" ]; }; then
    echo "error: cannot write to $root: install for yourself with \`Scripts/install.sh --prefix ~/.local\`" \
        "(and ~/.local/bin on PATH), or as root with \`sudo env \"PATH=\$PATH\" Scripts/install.sh\`" >&2
    exit 73
fi
if ! command -v swift >/dev/null; then
    echo "error: swift is not on PATH: install a Swift 6.2 or later toolchain (https://www.swift.org/install/)" \
        "and put its usr/bin on PATH" >&2
    exit 69
fi

cd "$(dirname "$0")/.."
# --disable-local-rpath: no RUNPATH of $ORIGIN, which SwiftPM adds for libraries beside the binary; there are none.
build=(swift build -c release --static-swift-stdlib --disable-local-rpath)
echo "== ${build[*]} --product corelocation"
"${build[@]}" --product corelocation
built=$("${build[@]}" --show-bin-path)/corelocation

# The point of the static build: no library of the toolchain may be needed at run time.
if toolchain=$(ldd "$built" | grep -E 'libswift|libFoundation|lib_FoundationICU|libdispatch|libBlocksRuntime|not found'); then
    echo "error: $built still needs libraries of the toolchain:" >&2
    echo "$toolchain" >&2
    exit 1
fi

install -d "$root/bin"
install -m 755 -s "$built" "$root/bin/corelocation"
binary=$root/bin/corelocation
for file in "${files[@]:1}"; do
    install -d "$root/$(dirname "$file")"
    case $file in
    */man1/*) command=(help --man) ;;
    */bash-completion/*) command=(completions bash) ;;
    */zsh/*) command=(completions zsh) ;;
    */fish/*) command=(completions fish) ;;
    esac
    env -u CORELOCATION_PROVIDER -u CORELOCATION_AUTHORIZATION "$binary" "${command[@]}" >"$root/$file.new"
    chmod 644 "$root/$file.new"
    mv "$root/$file.new" "$root/$file"
done

echo "installed $("$binary" --version):"
for file in "${files[@]}"; do echo "  $root/$file"; done
echo "it links: $(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) [ -n "${DESTDIR:-}" ] || echo "note: $prefix/bin is not on PATH; add it to run \`corelocation\`" ;;
esac
