#!/usr/bin/env bash
# Builds the DocC archive of a module (default LinuxCoreLocation) with the toolchain's own docc (no plugin):
# compile with symbol graphs, keep the module's graphs, convert with warnings as errors. A module with a
# catalog in Docs/<Module>.docc gets its articles too; the others get their symbol documentation alone.
# Output: .build/docs/<Module>.doccarchive
#
# Extensions of other modules' types (LocationBlocks' `extension CLLocationManager`) are written by the symbol
# graph extractor to <Module>@<ExtendedModule>.symbols.json. With -emit-extension-block-symbols they carry
# extension blocks, from which docc (6.x does this by default; `--enable-experimental-extension-block-symbols`
# is gone) makes "Extended Modules" pages inside the module's own archive:
# documentation/locationblocks/linuxcorelocation/cllocationmanager/... A link to such a member is
# ``LinuxCoreLocation/CLLocationManager/startUpdatingLocation(update:)`` from anywhere in the module; the short
# ``CLLocationManager/startUpdatingLocation(update:)`` resolves only from inside that extension (relative links
# search up from the linking symbol, and the extended type sits under its module's name).
#
# A module whose documentation links to another module's (LocationBlocks to LinuxCoreLocation) gets that
# module's archive as a --dependency: built first unless it is newer than the dependency's symbol graph.
# Every archive is built with its link index (--enable-experimental-external-link-support), so any can serve
# as a dependency. Links into a dependency are absolute: ``/LinuxCoreLocation/CLError``; docc resolves only
# those against a dependency, never a relative ``CLError``.
#
#   Scripts/build-docs.sh [Module]
set -euo pipefail
cd "$(dirname "$0")/.."
script=$PWD/Scripts/build-docs.sh
module=${1:-LinuxCoreLocation}
catalog=()
[ -d "Docs/$module.docc" ] && catalog=("Docs/$module.docc")
# The modules whose archives this module's documentation links into.
dependencies=()
case "$module" in
    LocationBlocks) dependencies=(LinuxCoreLocation) ;;
esac
graphs=.build/docs/symbol-graphs
rm -rf ".build/docs/$module-graphs"
mkdir -p "$graphs" ".build/docs/$module-graphs"
# A scratch path of its own, so that a cached build still leaves the graphs in place. The same flags for every
# module, so that building one module's documentation does not recompile the others'.
swift build --scratch-path .build/docs/build --target "$module" -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public -Xswiftc -emit-extension-block-symbols
cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json ".build/docs/$module-graphs/" 2>/dev/null \
    || cp "$graphs/$module".symbols.json ".build/docs/$module-graphs/"
dependency_options=()
for dependency in "${dependencies[@]}"; do
    archive=.build/docs/$dependency.doccarchive
    if [ ! -f "$archive/link-hierarchy.json" ] || [ "$graphs/$dependency.symbols.json" -nt "$archive/link-hierarchy.json" ]; then
        "$script" "$dependency"
    fi
    dependency_options+=(--dependency "$archive")
done
docc convert "${catalog[@]}" \
    --additional-symbol-graph-dir ".build/docs/$module-graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.linuxcorelocation.$module" \
    --enable-experimental-external-link-support "${dependency_options[@]}" \
    --output-path ".build/docs/$module.doccarchive" --warnings-as-errors
echo "DocC archive: .build/docs/$module.doccarchive"
