#!/usr/bin/env bash
# The decode benchmark on one GPU (about 9 minutes on an H200): the gpu-marked CUDA graph gates, then `qcompile bench` with
# its default subset; prints the gate results and the bench table. Logs and bench.json go to $OUT
# (or the repo root). The bench needs transformers >= 5.24: carry its wheel in .whl/.
set -uo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
export PYTHONUNBUFFERED=1
start=$(date +%s)
elapsed() { echo "[gpu_bench] $1 after $(( $(date +%s) - start )) s"; }

# the bench preset needs transformers >= 5.24 (indexed attention); a wheel in .whl/ wins when present
wheel=$(ls .whl/transformers-*.whl 2>/dev/null | head -1)
if [ -n "$wheel" ]; then
  "$python" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/qc-site "$wheel" \
    && export PYTHONPATH="/tmp/qc-site${PYTHONPATH:+:$PYTHONPATH}"
fi
"$python" -c "import torch, triton, transformers; print('torch', torch.__version__, 'triton', triton.__version__,
  'transformers', transformers.__version__, torch.cuda.get_device_name())"

gates=0
if [ -z "${QC_SKIP_GATES:-}" ]; then  # QC_SKIP_GATES=1: the bench alone
  "$python" -m pytest -q -m gpu -s -p no:cacheprovider -p no:logging tests/cudagraph/test_gpu_gates.py 2>&1 \
    | tee "$out/gates.log"
  gates=${PIPESTATUS[0]}
  elapsed "gates rc=$gates"
fi
"$python" -m qcompile bench --json "$out/bench.json" "$@" 2>&1 | tee "$out/bench.log"
bench=${PIPESTATUS[0]}
elapsed "bench rc=$bench"
exit $(( gates != 0 || bench != 0 ))
