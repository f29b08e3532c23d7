#!/usr/bin/env bash
# Lints every Swift file with the toolchain's swift-format and the project's .swift-format
# (toolchain defaults, 4-space indentation, 120 columns, and the documentation rules). Fails on any finding.
#
# The findings are collected and then printed on stderr, not passed through `tee /dev/stderr`: tee opens
# /dev/stderr with O_TRUNC, which empties a log file that stderr is redirected to (CI's log lost everything
# before the lint step that way).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
findings=$(swift format lint --strict --recursive --parallel Package.swift Sources Tests Fuzz Examples 2>&1) || status=$?
if [ -n "$findings" ] || [ "$status" -ne 0 ]; then
    [ -z "$findings" ] || printf '%s\n' "$findings" >&2
    echo "error: swift format lint found problems (exit status $status)" >&2
    exit 1
fi
