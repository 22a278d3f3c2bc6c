#!/usr/bin/env bash
# The fused MoE kernels on one GPU (a few minutes on an H200): their gpu-marked tests, then
# `scripts/experiments/bench_fused_moe.py` (torch path against the kernels at the bench preset's shapes; extra
# arguments go to it, e.g. --sweep). Logs go to $OUT (or the repo root).
set -uo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
"$python" -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, torch.cuda.get_device_name())"
"$python" -m pytest -q -m gpu -p no:cacheprovider tests/model/test_fused_moe.py 2>&1 | tee "$out/fused_moe_tests.log"
tests=${PIPESTATUS[0]}
"$python" scripts/experiments/bench_fused_moe.py "$@" 2>&1 | tee "$out/fused_moe_bench.log"
bench=${PIPESTATUS[0]}
exit $(( tests != 0 || bench != 0 ))
