#!/usr/bin/env bash
# Tensor parallelism on a 2-GPU machine (nvidia-h200-x2): the NCCL error gate and killed-worker check
# (scripts/tp_gpu_check.py), then `qcompile bench --tensor-parallel-size 2` (TP1 against TP2 in one run).
# Extra arguments go to the bench (e.g. --scopes eager,kernel --modes none,full_decode_only).
# Logs and bench_tp.json go to $OUT (or the repo root). NVLink multicast stays off.
set -uo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
start=$(date +%s)
elapsed() { echo "[gpu_tp] $1 after $(( $(date +%s) - start )) s"; }
"$python" -c "import torch; print('torch', torch.__version__, torch.cuda.device_count(), 'x', torch.cuda.get_device_name())"
"$python" scripts/tp_gpu_check.py --tp 2 2>&1 | tee "$out/tp_check.log"
check=${PIPESTATUS[0]}
elapsed "check rc=$check"
"$python" -m qcompile bench --tensor-parallel-size 2 --anchor-steps 0 --json "$out/bench_tp.json" "$@" 2>&1 \
  | tee "$out/bench_tp.log"
bench=${PIPESTATUS[0]}
elapsed "bench rc=$bench"
exit $(( check != 0 || bench != 0 ))
