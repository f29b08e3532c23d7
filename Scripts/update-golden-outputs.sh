#!/usr/bin/env bash
# Rewrites Tests/corelocationTests/GoldenOutputManifest.swift: the SHA-256 of every output GoldenOutputTests
# compares (each shared gpsd log and GPX file converted as the bench converts them), from the tool as it is now.
# Run it after an intended change of an output, and commit the manifest with the change.
set -euo pipefail
cd "$(dirname "$0")/.."
CORELOCATION_UPDATE_GOLDEN_OUTPUTS=1 swift test --filter GoldenOutputTests
swift format format -i Tests/corelocationTests/GoldenOutputManifest.swift
git diff --stat -- Tests/corelocationTests/GoldenOutputManifest.swift
