#!/usr/bin/env bash
# Lints every Swift file with the toolchain's swift-format and the project's .swift-format
# (toolchain defaults, 4-space indentation, 120 columns, and the documentation rules). Fails on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --recursive --parallel Package.swift Sources Tests Fuzz 2>&1 \
    | tee /dev/stderr | { ! grep -q . ; }
