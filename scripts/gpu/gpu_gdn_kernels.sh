#!/usr/bin/env bash
# The GDN kernels on one GPU (a few minutes on an H200): the gpu-marked kernel tests, then
# scripts/experiments/bench_gdn_kernels.py's tables (decode and prefill, torch path against the kernels).
# fla-core comes from its wheel in .whl/ (or WHEELS=dir). Logs go to $OUT (or the repo root).
# QC_TESTS_K selects tests (pytest -k); arguments go to the bench script (--sections, --no-sweep).
set -uo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
export PYTHONUNBUFFERED=1
wheel=$(ls "${WHEELS:-.whl}"/fla_core-*.whl 2>/dev/null | head -1)
if [ -n "$wheel" ]; then
  "$python" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/gdn-site "$wheel" \
    && export PYTHONPATH="/tmp/gdn-site${PYTHONPATH:+:$PYTHONPATH}"
fi
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
"$python" -c "import torch, triton, fla; print('torch', torch.__version__, 'triton', triton.__version__,
  'fla', fla.__version__, torch.cuda.get_device_name())"
"$python" -m pytest -q -m gpu -p no:cacheprovider ${QC_TESTS_K:+-k "$QC_TESTS_K"} tests/model/test_gdn_kernels.py 2>&1 | tee "$out/gdn_tests.log"
tests=${PIPESTATUS[0]}
"$python" scripts/experiments/bench_gdn_kernels.py "$@" 2>&1 | tee "$out/gdn_bench.log"
bench=${PIPESTATUS[0]}
echo "[gpu_gdn_kernels] tests rc=$tests bench rc=$bench"
[ "$tests" -eq 0 ] && [ "$bench" -eq 0 ]
