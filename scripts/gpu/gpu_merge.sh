#!/usr/bin/env bash
# Merged projections (model/fuse.py) on one GPU, in two stages (each under 10 minutes on an H200):
#   bash scripts/gpu/gpu_merge.sh gates   the kernel-scope CUDA graph gates, merged (the default): every mode
#                                     bitwise to no graphs, bf16 error against fp32 no worse than eager's
#   bash scripts/gpu/gpu_merge.sh bench   `qcompile bench` on the bench preset twice, merged and --no-merge
#                                     (eager and kernel scope, FULL decode graphs, batches 1/8/64, prefill),
#                                     then scripts/experiments/merge_ab.py's table: tok/s, kernels and GEMM µs per step
# Extra arguments go to both bench runs. Logs and JSON go to $OUT (or the repo root). The bench preset
# needs transformers >= 5.24: carry its wheel in .whl/.
set -uo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
stage="${1:?usage: gpu_merge.sh gates|bench [bench flags]}"
shift
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
wheel=$(ls .whl/transformers-*.whl 2>/dev/null | head -1)
if [ -n "$wheel" ]; then
  "$python" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/qc-site "$wheel" \
    && export PYTHONPATH="/tmp/qc-site:$PYTHONPATH"
fi
"$python" -c "import torch, triton, transformers; print('torch', torch.__version__, 'triton', triton.__version__,
  'transformers', transformers.__version__, torch.cuda.get_device_name())"
git log -1 --format='commit %H' 2>/dev/null || true
start=$(date +%s)
elapsed() { echo "[gpu_merge] $1 after $(( $(date +%s) - start )) s"; }
case "$stage" in
  gates)
    "$python" -m pytest -q -m gpu -s -p no:cacheprovider -p no:logging tests/cudagraph/test_gpu_gates.py -k kernel 2>&1 \
      | tee "$out/merge_gates.log"
    rc=${PIPESTATUS[0]}
    elapsed "gates rc=$rc"
    exit "$rc"
    ;;
  bench)
    flags=(--scopes eager,kernel --modes full_decode_only --anchor-steps 0 "$@")
    "$python" -m qcompile bench "${flags[@]}" --json "$out/merged.json" 2>&1 | tee "$out/bench_merged.log"
    merged=${PIPESTATUS[0]}
    elapsed "merged bench rc=$merged"
    "$python" -m qcompile bench "${flags[@]}" --no-merge --json "$out/unmerged.json" 2>&1 | tee "$out/bench_unmerged.log"
    unmerged=${PIPESTATUS[0]}
    elapsed "--no-merge bench rc=$unmerged"
    if [ "$merged" -eq 0 ] && [ "$unmerged" -eq 0 ]; then
      "$python" scripts/experiments/merge_ab.py "$out/merged.json" "$out/unmerged.json" | tee "$out/merge_ab.md"
    fi
    exit $(( merged != 0 || unmerged != 0 ))
    ;;
  *)
    echo "gpu_merge.sh: stage must be gates or bench, got $stage" >&2
    exit 2
    ;;
esac
