#!/usr/bin/env bash
# Builds the DocC archive of a module (default LinuxCoreLocation) with the toolchain's own docc (no plugin):
# compile with symbol graphs, keep the module's graphs, convert with warnings as errors. A module with a
# catalog in Docs/<Module>.docc gets its articles too; the others get their symbol documentation alone.
# Output: .build/docs/<Module>.doccarchive
#
#   Scripts/build-docs.sh [Module]
set -euo pipefail
cd "$(dirname "$0")/.."
module=${1:-LinuxCoreLocation}
catalog=()
[ -d "Docs/$module.docc" ] && catalog=("Docs/$module.docc")
graphs=.build/docs/symbol-graphs
rm -rf ".build/docs/$module-graphs"
mkdir -p "$graphs" ".build/docs/$module-graphs"
# A scratch path of its own, so that a cached build still leaves the graphs in place.
swift build --scratch-path .build/docs/build --target "$module" -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json ".build/docs/$module-graphs/" 2>/dev/null \
    || cp "$graphs/$module".symbols.json ".build/docs/$module-graphs/"
docc convert "${catalog[@]}" \
    --additional-symbol-graph-dir ".build/docs/$module-graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.linuxcorelocation.$module" \
    --output-path ".build/docs/$module.doccarchive" --warnings-as-errors
echo "DocC archive: .build/docs/$module.doccarchive"
