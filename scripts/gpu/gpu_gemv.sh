#!/usr/bin/env bash
# The skinny decode GEMMs on one GPU (several minutes on an H200): the gpu-marked tests of the skinny and the
# weight-only kernels (they share one kernel and launcher), then `scripts/gpu/gpu_gemv.py` (every
# configuration against cuBLAS at the bench preset's linear shapes; extra arguments go to it). Logs,
# the measurements and the picked plans go to $OUT (or the repo root).
set -uo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
"$python" -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, torch.cuda.get_device_name())"
"$python" -m pytest -q -m gpu -p no:cacheprovider tests/model/test_skinny.py tests/quant/test_weight_only.py 2>&1 | tee "$out/gemv_tests.log"
tests=${PIPESTATUS[0]}
"$python" scripts/gpu/gpu_gemv.py --json "$out/gemv.json" --plans "$out/skinny_plans.json" "$@" 2>&1 | tee "$out/gemv_bench.log"
bench=${PIPESTATUS[0]}
exit $(( tests != 0 || bench != 0 ))
