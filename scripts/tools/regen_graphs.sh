#!/usr/bin/env bash
# Regenerate graphs/<scope>/: the tiny preset's readable graphs and summary at each scope (float32,
# CPU, ranges 2:16). tests/compile/test_dump.py fails until this is rerun after a change that moves them.
set -euo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
for scope in layer block kernel; do
  rm -rf "graphs/$scope"
  "$python" -m qcompile dump --scope "$scope" --out "graphs/$scope" --readable-only
done
