#!/usr/bin/env bash
# Structured outputs on one GPU: the GPU-marked test (xgrammar's masks applied on CUDA, outputs
# validated) and the constrained-request bench on CUDA and on the box's CPU cores. Needs the xgrammar
# and apache-tvm-ffi wheels in .whl/ (scripts/gpu/fetch_gpu_wheels.sh). Usage from the repo root:
#   bash scripts/gpu/gpu_structured.sh      (tables and logs also go to $OUT, default /tmp/out)
set -uo pipefail
out="${OUT:-/tmp/out}"; mkdir -p "$out"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
for module in numpy pydantic typing_extensions; do  # xgrammar's imports that no wheel here brings
  python3 -c "import $module" 2>/dev/null || echo "missing $module: add its wheel to .whl/ (scripts/gpu/fetch_gpu_wheels.sh)"
done
# tvm-ffi may build a torch DLPack add-on on its first import on a machine (not needed by xgrammar's use):
# the time of a first import shows whether a fresh server would pay for that at its first grammar
python3 -c "import time; t = time.time(); import torch, triton, xgrammar; from importlib.metadata import version; print('torch', torch.__version__, 'triton', triton.__version__, 'xgrammar', version('xgrammar'), f'(first import {time.time() - t:.1f} s)')"
git log -1 --format='commit %H' 2>/dev/null || true
echo "== GPU-marked structured-output test"
timeout 240 python3 -m pytest -q -p no:cacheprovider -m gpu tests/engine/test_structured_cuda.py 2>&1 | tail -15
echo "== bench_constrained, CUDA"
timeout 240 python3 scripts/experiments/bench_constrained.py --device cuda 2>&1 | tee "$out/bench_constrained_cuda.md"
echo "== bench_constrained, CPU"
timeout 240 python3 scripts/experiments/bench_constrained.py --device cpu 2>&1 | tee "$out/bench_constrained_cpu.md"
