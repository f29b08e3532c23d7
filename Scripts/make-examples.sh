#!/usr/bin/env bash
# Regenerates Examples/Data from the tool's embedded sample track: the drive as NMEA 0183 sentences
# (`--format nmea`) and as the GPX track `record` writes. ReadmeExamplesTests fails when they differ from what the
# tool makes now; run this, then look at the diff.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product corelocation
tool=$(swift build --show-bin-path)/corelocation
"$tool" --provider "sample:?speed=max" --format nmea > Examples/Data/lyon-drive.nmea
rm -f Examples/Data/lyon-drive.gpx
"$tool" record Examples/Data/lyon-drive.gpx --provider "sample:?speed=max"
