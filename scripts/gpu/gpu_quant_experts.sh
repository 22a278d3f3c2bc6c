#!/usr/bin/env bash
# Quantised routed experts read in place by the fused MoE, on one GPU. Stage 1 (a few minutes): the
# gpu-marked tests of the kernel (`tests/model/test_fused_moe.py`: each kept format against the
# dequantised path, bitwise repeatable and graph-capturable), of the weight-only GEMM the kept linears
# share its decoders with (`tests/quant/test_weight_only.py`) and of the loader
# (`tests/quant/test_weight_only_load.py`: the real fixtures' experts kept quantised, teacher-forced
# logprobs against the dequantised load), then `scripts/experiments/bench_fused_moe.py` for every format.
# Stage 2 (`QC_BENCH=fmt[,fmt...]`, about 4 minutes per format, cold compile included): `qcompile bench`
# at kernel scope with FULL decode graphs through `scripts/gpu/gpu_bench.sh` (no gates), for each listed
# format (`none`: bf16 experts), one bench_<fmt>.json each. Logs go to $OUT (or the repo root).
set -uo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
out="${OUT:-.}"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
rc=0
if [ -z "${QC_BENCH:-}" ]; then
  "$python" -m pytest -q -m gpu -p no:cacheprovider tests/model/test_fused_moe.py tests/quant/test_weight_only.py \
    tests/quant/test_weight_only_load.py \
    2>&1 | tee "$out/quant_experts_tests.log"
  rc=$(( rc || PIPESTATUS[0] ))
  "$python" scripts/experiments/bench_fused_moe.py --quant fp8_block,mxfp8,nvfp4 "$@" 2>&1 | tee "$out/quant_experts_kernels.log"
  rc=$(( rc || PIPESTATUS[0] ))
  exit "$rc"
fi
for fmt in ${QC_BENCH//,/ }; do
  flag=()
  [ "$fmt" != none ] && flag=(--quant-experts "$fmt")
  QC_SKIP_GATES=1 OUT="$out" bash scripts/gpu/gpu_bench.sh --scopes kernel --modes full_decode_only --anchor-steps 0 \
    "${flag[@]}" --json "$out/bench_$fmt.json" "$@"
  rc=$(( rc || $? ))
done
exit "$rc"
