#!/usr/bin/env bash
# The scope gates on one GPU (and the PLE kernel gates): compile scopes on CUDA in
# bf16 and fp32, opcheck on CUDA, the ablation table, the pinned-gather GPU tests.
# Usage on the GPU machine, from the repo root: bash scripts/gpu/gpu_scope_gates.sh  (wheels in .whl/)
set -uo pipefail
out="${OUT:-/tmp/out}"; mkdir -p "$out"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c "import torch, transformers, triton; print('torch', torch.__version__, 'transformers', transformers.__version__, 'triton', triton.__version__)"
git log -1 --format='commit %H' 2>/dev/null || true
export QCOMPILE_TEST_DEVICE=cuda
echo "== scope tests on CUDA"
timeout 300 python3 -m pytest -q -p no:cacheprovider tests/scopes -k "tiny- or bf16 or opcheck or caller_owned" 2>&1 | tail -15
echo "== GPU-marked PLE/quant tests"
timeout 120 python3 -m pytest -q -p no:cacheprovider tests/ple tests/quant -m gpu 2>&1 | tail -8
echo "== ablation, tiny8, bf16, CUDA"
tiny8=$(python3 -c "from qcompile.synthetic import default_checkpoint; print(default_checkpoint('tiny8'))")
timeout 200 python3 -m qcompile ablate --model "$tiny8" --device cuda --dtype bfloat16 --steps 64 --json "$out/ablate_tiny8_bf16_cuda.json" 2>&1 | tail -12
