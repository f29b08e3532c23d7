#!/usr/bin/env bash
# Builds .build/corelocation_VERSION_ARCH.deb: what Scripts/install.sh installs, under /usr (the manual page
# compressed, as Debian's policy wants it), for `apt install ./corelocation_VERSION_ARCH.deb` on a machine without
# Swift. Prints the package's path.
#
# VERSION is the tool's (`corelocation --version`), ARCH dpkg's (`dpkg --print-architecture`). Depends is computed
# by dpkg-shlibdeps from the libraries the binary still links (the C library, libstdc++, libgcc_s), with
# the minimum versions the symbols it uses need, as Debian's own packages get theirs. Maintainer is DEBFULLNAME and
# DEBEMAIL when set, else git's user.name and user.email. Needs dpkg-dev, and what Scripts/install.sh needs.
set -euo pipefail
umask 022
cd "$(dirname "$0")/.."

for tool in dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "error: $tool is missing: apt-get install dpkg-dev" >&2; exit 69; }
done
maintainer="${DEBFULLNAME:-$(git config user.name || true)} <${DEBEMAIL:-$(git config user.email || true)}>"
if [ "$maintainer" = " <>" ]; then
    echo "error: no maintainer: set DEBFULLNAME and DEBEMAIL (or git's user.name and user.email)" >&2
    exit 64
fi
# The files' dates in the package: the commit's, so that the same commit makes the same package.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
root=$staging/debian/corelocation  # the layout dpkg-shlibdeps expects
DESTDIR=$root Scripts/install.sh --prefix /usr >&2  # standard output is the package's path alone
gzip -9n "$root/usr/share/man/man1/corelocation.1"

version=$("$root/usr/bin/corelocation" --version | cut -d' ' -f2)
arch=$(dpkg --print-architecture)
# dpkg-shlibdeps reads the package's name from a debian/control beside the tree it looks at, which has its DEBIAN.
mkdir "$root/DEBIAN"
printf 'Source: corelocation\n\nPackage: corelocation\nArchitecture: any\n' >"$staging/debian/control"
depends=$(cd "$staging" && dpkg-shlibdeps -O debian/corelocation/usr/bin/corelocation | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps found no dependency" >&2; exit 1; }

cat >"$root/DEBIAN/control" <<EOF
Package: corelocation
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$root/usr" | cut -f1)
Depends: $depends
Suggests: gpsd, geoclue-2.0, curl
Section: utils
Priority: optional
Description: location on Linux through Apple's CoreLocation API
 corelocation asks where the machine is, streams fixes, records and draws GPX
 tracks and checks geofences, through a mirror of Apple's CLLocationManager fed
 by gpsd, NMEA 0183 receivers (serial, USB, TCP, log files), GeoClue2 and GPX
 replays. Output as text, JSON Lines, CSV, GPX, NMEA 0183 or CoreLocationCLI's
 format.
EOF

package=.build/corelocation_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
