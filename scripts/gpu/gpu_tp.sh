#!/usr/bin/env bash
# Tensor parallelism on a machine with 2 GPUs (we used two H200s), in stages that can run separately:
#   check       the NCCL bf16 error gate and the killed-worker check (scripts/gpu/tp_gpu_check.py, tiny8)
#   checkpoint  the bench preset's random bf16 checkpoint, built into the cache (about 20 GB)
#   bench       `qcompile bench --tensor-parallel-size 2`: TP1 against TP2 through the engine
# QC_TP_STAGES picks them (default "check checkpoint bench"); extra arguments go to the bench, e.g.
# --scopes eager,kernel --modes none,full_decode_only. Logs and bench_tp.json go to $OUT (or the repo
# root). transformers >= 5.24 must be importable (as scripts/gpu/gpu_bench.sh arranges). NVLink multicast off.
set -uo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
start=$(date +%s)
elapsed() { echo "[gpu_tp] $1 after $(( $(date +%s) - start )) s"; }
"$python" -c "import torch; print('torch', torch.__version__, torch.cuda.device_count(), 'x', torch.cuda.get_device_name())"
rc=0
for stage in ${QC_TP_STAGES:-check checkpoint bench}; do
  case "$stage" in
    check) "$python" scripts/gpu/tp_gpu_check.py --tp 2 2>&1 | tee "$out/tp_check.log" ;;
    checkpoint) "$python" -c "from qcompile.synthetic import default_checkpoint; print(default_checkpoint('bench', dtype='bfloat16'))" ;;
    bench) "$python" -m qcompile bench --tensor-parallel-size 2 --anchor-steps 0 --json "$out/bench_tp.json" "$@" 2>&1 \
      | tee "$out/bench_tp.log" ;;
    *) echo "[gpu_tp] unknown stage $stage (check, checkpoint, bench)"; exit 2 ;;
  esac
  status=${PIPESTATUS[0]}
  elapsed "$stage rc=$status"
  [ "$status" -eq 0 ] || rc=1
done
exit $rc
