#!/usr/bin/env bash
# Builds the documentation with the toolchain's own docc (no plugin), warnings as errors.
#
#   Scripts/build-docs.sh              every module's archive, then the static site .build/docs/site
#   Scripts/build-docs.sh Module...    those modules' archives only (and the archives they link into)
#
# Archives: .build/docs/<Module>.doccarchive, one per public module, each from the module's symbols and its
# catalog Docs/<Module>.docc (landing page and articles). The site merges them (`docc merge`) under one index
# page that links every module; it is static (`--transform-for-static-hosting`) and needs only a web server:
#
#   python3 -m http.server --directory .build/docs/site 8000     # then open http://localhost:8000/
#
# (DocC pages render with JavaScript from JSON they fetch, so opening the files with file:// shows nothing.)
# Scripts/check-docs-site.py then loads the site in headless Chromium and checks what it renders.
#
# Symbol graphs come from swift-symbolgraph-extract, run on the modules `swift build` leaves in .build (a
# no-op after `swift test`), not from the compiler's -emit-symbol-graph. The compiler's graph of a module
# holds every declaration of the modules it re-exports: LinuxCoreLocation's `@_exported import Foundation`
# brought Foundation's and Glibc's 18,600 symbols in (a 341 MB archive of 21,082 pages, mostly ABDAY_1 and
# NSDecimalAdd). The extractor leaves a re-exported module out unless it is named in
# -experimental-allowed-reexported-modules, which we never pass; the re-export itself stays, as Apple's does.
#
# Extensions of other modules' types (LocationBlocks' `extension CLLocationManager`) go to
# <Module>@<ExtendedModule>.symbols.json. With -emit-extension-block-symbols they carry extension blocks, from
# which docc makes "Extended Modules" pages inside the module's own archive:
# documentation/locationblocks/linuxcorelocation/cllocationmanager/... A link to such a member is
# ``LinuxCoreLocation/CLLocationManager/startUpdatingLocation(update:)`` from anywhere in the module; the short
# ``CLLocationManager/startUpdatingLocation(update:)`` resolves only from inside that extension (relative links
# search up from the linking symbol, and the extended type sits under its module's name).
#
# A module whose documentation links into another module's (LocationBlocks into LinuxCoreLocation, whose
# provider articles link into the leaf modules' articles) is converted with that module's archive as a
# --dependency, built first. Every archive is built with its link
# index (--enable-experimental-external-link-support), so any can serve as a dependency. Links into a
# dependency are absolute: ``/LinuxCoreLocation/CLError``, <doc:/GPSD/GPSDProtocolClient>; docc resolves only
# those against a dependency.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every public module, each after the modules its documentation links into.
all_modules=(NMEA0183 GPX GPSD DBus LinuxCoreLocation LocationBlocks INTULocationManager)
dependencies_of() {
    case "$1" in
        LinuxCoreLocation) echo NMEA0183 GPX GPSD DBus ;;
        LocationBlocks) echo LinuxCoreLocation ;;
        INTULocationManager) echo LinuxCoreLocation LocationBlocks ;;
    esac
}

site=false
requested=("$@")
if [ $# -eq 0 ]; then
    requested=("${all_modules[@]}")
    site=true
fi
for module in "${requested[@]}"; do
    case " ${all_modules[*]} " in
        *" $module "*) ;;
        *) echo "error: '$module' is not a public module (${all_modules[*]})" >&2; exit 64 ;;
    esac
done
# The requested modules and, transitively, their dependencies, in the order above: walking the list backwards
# meets every module before the modules it depends on, so one pass collects them all.
needed=" ${requested[*]} "
for (( index = ${#all_modules[@]} - 1; index >= 0; index-- )); do
    module=${all_modules[index]}
    if [[ $needed = *" $module "* ]]; then needed+="$(dependencies_of "$module") "; fi
done
modules=()
for module in "${all_modules[@]}"; do
    if [[ $needed = *" $module "* ]]; then modules+=("$module"); fi
done

modules_dir=$(swift build --show-bin-path)/Modules
for module in "${modules[@]}"; do
    swift build --target "$module"
done

for module in "${modules[@]}"; do
    graphs=.build/docs/symbol-graphs/$module
    archive=.build/docs/$module.doccarchive
    rm -rf "$graphs" "$archive"
    mkdir -p "$graphs"
    swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" -output-dir "$graphs" \
        -minimum-access-level public -emit-extension-block-symbols -skip-inherited-docs
    dependency_options=()
    for dependency in $(dependencies_of "$module"); do
        dependency_options+=(--dependency ".build/docs/$dependency.doccarchive")
    done
    docc convert "Docs/$module.docc" --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.linuxcorelocation.$module" \
        --enable-experimental-external-link-support "${dependency_options[@]}" \
        --transform-for-static-hosting --output-path "$archive" --warnings-as-errors
    echo "DocC archive: $archive"
done

if $site; then
    rm -rf .build/docs/site
    archives=()
    for module in "${all_modules[@]}"; do archives+=(".build/docs/$module.doccarchive"); done
    docc merge "${archives[@]}" --synthesized-landing-page-name LinuxCoreLocation \
        --synthesized-landing-page-kind Package --synthesized-landing-page-topics-style list \
        --output-path .build/docs/site
    # The archive's own index.html renders "page not found" for the bare root: send the root to the start page
    # (porting an iOS app, the tool, the blocks; the mirror first), not to the merged index, which lists the modules
    # in alphabetical order.
    cat > .build/docs/site/index.html <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>LinuxCoreLocation documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/linuxcorelocation/starthere"></head>
<body><p><a href="documentation/linuxcorelocation/starthere">LinuxCoreLocation documentation: start here</a></p></body>
</html>
HTML
    # The renderer asks for theme-settings.json and logs a failed request when there is none: we keep its
    # default theme.
    echo '{}' > .build/docs/site/theme-settings.json
    echo "Documentation site: .build/docs/site (python3 -m http.server --directory .build/docs/site 8000)"
fi
