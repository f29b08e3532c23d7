#!/usr/bin/env bash
# Builds and runs the libFuzzer targets under Fuzz/ (see Docs/Fuzzing.md).
#
#   Scripts/fuzz.sh [--seconds N] [--runs N] [--seed S] [--build-only] [target...]
#
# A target is a folder Fuzz/<Target>/ holding Entry.swift (the LLVMFuzzerTestOneInput entry) and optional
# seeds/; it is compiled with swiftc together with every Swift file under Sources/<Target>/ into one module,
# .build/fuzz/<Target> (-sanitize=fuzzer,address -O -wmo). Without target names, every Fuzz/*/Entry.swift is a
# target. Lines of Entry.swift set:
#   // fuzz-max-len: BYTES           libFuzzer's -max_len (default 4096);
#   // fuzz-module: NAME             the module compiled with the entry when it is not the folder's name;
#   // fuzz-uses: NAME NAME ...      modules the target's module imports (LocationSupport), compiled one by one
#                                    before it, in that order;
#   // fuzz-imports: NAME NAME ...   instead, modules compiled one by one, in that order, with -enable-testing,
#                                    and imported by the entry (`@testable import`), which is compiled alone.
# An optional Fuzz/<Target>/lsan.supp holds LeakSanitizer suppressions for leaks outside this project's code.
#
# Each target runs N seconds (default 60) at low priority on a temporary corpus: its seeds plus, when
# ../shared is present, the shared recordings (gpsd logs cut into pieces for NMEA0183, the GPX files for GPX —
# whole, a file longer than -max_len cut after a track point and closed —, the JSON lines of gpsd's
# expected-output .chk files for GPSD).
# The corpus is deleted afterwards; nothing is written into the repository outside .build/.
# Prints the executions each target ran. Exits 1 when any target crashed, leaked, timed out or ran out
# of memory, leaving the input in .build/fuzz/crashes/<target>-crash-<sha1> (or -leak-, -timeout-, -oom-);
# replay it with `.build/fuzz/<target> <file>`. Exits 2 on a usage or build error.
#
# --runs N stops each target after N executions (the corpus inputs count) instead of after 60 s; with
# --seconds as well, whichever comes first. --seed S fixes libFuzzer's random seed (otherwise it prints the
# one it drew, and so does this script). With both, and without --seconds, a run is reproducible: the same
# sources, corpus, seed and run count execute the same inputs and give the same result, which is what CI
# needs for a fatal check. For that, Swift's hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING=1),
# libFuzzer does not re-read its corpus directory (-reload=0), and with --seed the fuzzer runs without
# address randomisation (setarch -R, where permitted; a warning otherwise).
set -euo pipefail

fuzz_dir=.build/fuzz
crash_dir=$fuzz_dir/crashes
shared=../shared/data

# The Swift files of module $1, sorted.
module_sources() {
    find "Sources/$1" -name '*.swift' | sort
}

# A `// NAME: VALUE` line of the target's entry.
entry_setting() {
    sed -n "s|^// $2: *\(.*\)\$|\1|p" "Fuzz/$1/Entry.swift" | head -1
}

build() {
    local target=$1 entry=Fuzz/$1/Entry.swift binary=$fuzz_dir/$1 module imports
    [ -f "$entry" ] || { echo "error: no fuzz target $target ($entry missing)" >&2; exit 2; }
    module=$(entry_setting "$target" fuzz-module)
    imports=$(entry_setting "$target" fuzz-imports)
    local uses
    uses=$(entry_setting "$target" fuzz-uses)
    [ -n "$module" ] || [ -n "$imports" ] || module=$target
    local sources=() imported=() name
    if [ -n "$module" ]; then
        [ -d "Sources/$module" ] || { echo "error: no module Sources/$module for fuzz target $target" >&2; exit 2; }
        mapfile -t sources < <(module_sources "$module")
    fi
    for name in $uses $imports; do
        [ -d "Sources/$name" ] || { echo "error: no module Sources/$name for fuzz target $target" >&2; exit 2; }
        mapfile -t -O "${#imported[@]}" imported < <(module_sources "$name")
    done
    if [ -x "$binary" ] && [ -z "$(find "$entry" "${sources[@]}" "${imported[@]}" -newer "$binary" | head -1)" ]; then
        echo "== $target: up to date ($binary)"
        return
    fi
    echo "== $target: building $binary"
    # One -package-name for every module compiled, so that `package` declarations (LocationSupport's) are visible
    # across them as they are in the SwiftPM build.
    local started=$(date +%s) flags=(-parse-as-library -swift-version 6 -warnings-as-errors -O -wmo
        -sanitize=fuzzer,address -package-name LinuxCoreLocation)
    local objects=() modules=$fuzz_dir/modules/$target
    # Used and imported modules are compiled one by one, in the order listed, with -enable-testing so that the entry
    # can reach their internals through `@testable import`.
    mkdir -p "$modules"
    local files=()
    for name in $uses $imports; do
        mapfile -t files < <(module_sources "$name")
        nice swiftc "${flags[@]}" -enable-testing -module-name "$name" -emit-module \
            -emit-module-path "$modules/$name.swiftmodule" -I "$modules" -c "${files[@]}" -o "$modules/$name.o" \
            || { echo "error: building module $name for fuzz target $target failed" >&2; exit 2; }
        objects+=("$modules/$name.o")
    done
    if [ -n "$imports" ]; then sources=(); fi
    nice swiftc "${flags[@]}" -use-ld=lld -module-name "${target}Fuzz" -I "$modules" "${objects[@]}" \
        "${sources[@]}" "$entry" -o "$binary" \
        || { echo "error: building fuzz target $target failed" >&2; exit 2; }
    echo "== $target: built in $(( $(date +%s) - started )) s"
}

# Fills the corpus directory $2 for target $1: seeds, then shared recordings when present.
fill_corpus() {
    local target=$1 corpus=$2 recording
    if [ -d "Fuzz/$target/seeds" ]; then cp Fuzz/"$target"/seeds/* "$corpus"/ 2>/dev/null || true; fi
    local shared_note="no shared inputs for this target"
    case "$target" in
        NMEA0183)
            if compgen -G "$shared/gpsd-logs/*.log" >/dev/null; then
                # Whole lines, at most 1800 bytes a piece (several epochs): below -max_len, so libFuzzer reads them
                # uncut.
                for recording in "$shared"/gpsd-logs/*.log; do
                    split -C 1800 -a 3 "$recording" "$corpus/$(basename "$recording" .log)-"
                done
                shared_note="with $shared/gpsd-logs"
            else
                shared_note="$shared/gpsd-logs absent, seeds only"
            fi
            ;;
        GPSD)
            if compgen -G "$shared/gpsd-logs/*.log.chk" >/dev/null; then
                # gpsd's expected JSON output: the JSON lines only, in pieces of at most 3500 bytes.
                for recording in "$shared"/gpsd-logs/*.log.chk; do
                    { grep '^{' "$recording" || true; } | split -C 3500 -a 3 - "$corpus/$(basename "$recording" .log.chk)-"
                done
                shared_note="with the JSON lines of $shared/gpsd-logs/*.log.chk"
            else
                shared_note="$shared/gpsd-logs absent, seeds only"
            fi
            ;;
        GPX)
            if compgen -G "$shared/gpx/*.gpx" >/dev/null; then
                local max_len
                max_len=$(entry_setting GPX fuzz-max-len)
                for recording in "$shared"/gpx/*.gpx; do
                    whole_gpx "$recording" "${max_len:-4096}" >"$corpus/$(basename "$recording")"
                done
                shared_note="with $shared/gpx, each a whole document"
            else
                shared_note="$shared/gpx absent, seeds only"
            fi
            ;;
    esac
    echo "== $target: corpus of $(find "$corpus" -type f | wc -l) inputs ($shared_note)"
}

# Writes GPX file $1 to standard output, whole when it fits in $2 bytes; a longer one is cut after the last
# </trkpt> that fits and closed with what follows its own last </trkpt> (the closing tags of its segment, track,
# any routes, and the document), so that libFuzzer gets a complete document of the same structure instead of one
# cut off before its closing tags.
whole_gpx() {
    local file=$1 limit=$2 size last fits
    size=$(stat -c %s "$file")
    if [ "$size" -le "$limit" ]; then cat "$file"; return; fi
    last=$(grep -bo '</trkpt>' "$file" | tail -1 | cut -d: -f1)
    [ -n "$last" ] || { head -c "$limit" "$file"; return; }
    local tail_length=$(( size - last - 8 ))
    fits=$(grep -bo '</trkpt>' "$file" | awk -F: -v room=$(( limit - tail_length )) '$1 + 8 <= room { at = $1 } END { print at }')
    [ -n "$fits" ] || { head -c "$limit" "$file"; return; }
    head -c "$(( fits + 8 ))" "$file"
    tail -c "$tail_length" "$file"
}

# Fuzzes target $1 for $seconds seconds; returns non-zero when it found a crash, leak, timeout or OOM.
run_target() {
    local target=$1 corpus=$corpus_root/$1 log=$fuzz_dir/$1.log status=0 lsan_options="" max_len executions
    local limits=() limit_text started elapsed used_seed fixed_layout=()
    mkdir -p "$corpus"
    fill_corpus "$target" "$corpus"
    max_len=$(entry_setting "$target" fuzz-max-len)
    if [ -n "$seconds" ]; then limits+=(-max_total_time="$seconds"); fi
    if [ -n "$runs" ]; then limits+=(-runs="$runs"); fi
    if [ -n "$seed" ]; then
        limits+=(-seed="$seed")
        # Without address randomisation: addresses the code compares end up in libFuzzer's dictionary of
        # comparison operands and from there in mutated inputs, so they must be the same in every run.
        if setarch "$(uname -m)" -R true 2>/dev/null; then
            fixed_layout=(setarch "$(uname -m)" -R)
        else
            echo "warning: setarch -R is not permitted here; with address randomisation, runs with --seed" \
                "can differ in the addresses libFuzzer copies into inputs" >&2
        fi
    fi
    limit_text="${runs:+$runs runs}${runs:+${seconds:+ or }}${seconds:+$seconds s}${seed:+, seed $seed}"
    echo "== $target: fuzzing for $limit_text (-max_len=${max_len:-4096}), log in $log"
    if [ -f "Fuzz/$target/lsan.supp" ]; then lsan_options="suppressions=$PWD/Fuzz/$target/lsan.supp:print_suppressions=0"; fi
    # SWIFT_BACKTRACE=enable=no: libFuzzer and ASan report crashes; Swift's own backtracer would hang the run.
    # SWIFT_DETERMINISTIC_HASHING=1: the same Set/Dictionary order, hence the same coverage, in every run.
    # -reload=0: libFuzzer would otherwise re-read the corpus directory every second and run the inputs it
    # had set aside at startup once more, at whatever execution count that second falls on.
    started=$(date +%s)
    SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 LSAN_OPTIONS="$lsan_options" nice -n 10 "${fixed_layout[@]}" "$fuzz_dir/$target" \
        "${limits[@]}" -max_len="${max_len:-4096}" -reload=0 -rss_limit_mb=2048 -timeout=25 -print_final_stats=1 -artifact_prefix="$crash_dir/$target-" \
        "$corpus" >"$log" 2>&1 || status=$?
    elapsed=$(( $(date +%s) - started ))
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    used_seed=$(sed -n 's/^INFO: Seed: *\([0-9]*\).*/\1/p' "$log" | head -1)
    if [ "$status" -eq 0 ]; then
        echo "== $target: ${executions:-?} executions in $elapsed s (seed ${used_seed:-?}), no crash"
    else
        echo "== $target: FAILED (exit $status) after ${executions:-?} executions in $elapsed s (seed ${used_seed:-?})" >&2
        grep -E '^(==[0-9]+==ERROR|SUMMARY|.*Fatal error|artifact_prefix|Test unit written)' "$log" >&2 || tail -20 "$log" >&2
    fi
    return "$status"
}

main() {
    cd "$(dirname "$0")/.."
    seconds=""
    runs=""
    seed=""
    build_only=0
    targets=()
    while [ $# -gt 0 ]; do
        case "$1" in
            --seconds)
                [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "error: --seconds needs a whole number ≥ 1" >&2; exit 2; }
                seconds=$2
                shift 2
                ;;
            --runs)
                [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "error: --runs needs a whole number ≥ 1" >&2; exit 2; }
                runs=$2
                shift 2
                ;;
            --seed)
                [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "error: --seed needs a whole number ≥ 1" >&2; exit 2; }
                seed=$2
                shift 2
                ;;
            --build-only) build_only=1; shift ;;
            -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
            -*) echo "error: unknown option $1" >&2; exit 2 ;;
            *) targets+=("$1"); shift ;;
        esac
    done
    if [ -z "$seconds" ] && [ -z "$runs" ]; then seconds=60; fi
    if [ ${#targets[@]} -eq 0 ]; then
        for entry in Fuzz/*/Entry.swift; do targets+=("$(basename "$(dirname "$entry")")"); done
    fi

    corpus_root=$(mktemp -d "${TMPDIR:-/tmp}/corelocation-fuzz.XXXXXX")
    trap 'rm -rf "$corpus_root"' EXIT
    mkdir -p "$crash_dir"

    local target failed=()
    for target in "${targets[@]}"; do build "$target"; done
    [ "$build_only" -eq 1 ] && exit 0
    for target in "${targets[@]}"; do run_target "$target" || failed+=("$target"); done
    if [ ${#failed[@]} -gt 0 ]; then
        echo "error: fuzz targets failed: ${failed[*]}; inputs are in $crash_dir" >&2
        exit 1
    fi
}

# Everything runs from main, and `exit` on the same line stops bash from reading on once main returns,
# so editing this file while it runs is safe.
main "$@"; exit $?
