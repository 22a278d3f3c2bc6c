#!/usr/bin/env bash
# Serving under load on one GPU: the load test (scripts/tools/loadtest.py) against `qcompile serve` on the bench
# preset (bf16, random weights, written once under /tmp), at 1, 8 and 64 concurrent streams,
# for each configuration named: `eager` (no compile) and/or `compiled` (kernel scope, FULL decode
# graphs). Usage from the repo root, wheels in .whl/: bash scripts/gpu/gpu_serve_loadtest.sh eager compiled
# (STRUCTURED=4 makes every 4th request grammar-constrained; needs the xgrammar wheels)
# Server logs and loadtest tables go to $OUT (default /tmp/out).
set -uo pipefail
out="${OUT:-/tmp/out}"; mkdir -p "$out"
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
  export PYTHONPATH="/tmp/site:$PWD"
fi
export PYTHONUNBUFFERED=1
start=$(date +%s)
stamp() { echo "[gpu_serve_loadtest] $1 after $(( $(date +%s) - start )) s"; }
preset="${PRESET:-bench}" device="${DEVICE:-cuda}" dtype="${DTYPE:-bfloat16}"  # PRESET=tiny DEVICE=cpu: a dry run
ckpt="/tmp/qc-$preset-$dtype"
if [ ! -f "$ckpt/config.json" ]; then
  python3 -m qcompile make-checkpoint --preset "$preset" --dtype "$dtype" --device "$device" --out "$ckpt" >/dev/null \
    || exit 1
  stamp "checkpoint written"
fi
declare -A flags=(
  [eager]=""
  [compiled]="--scope kernel --ranges 1:1,2:2048 --cudagraph full_decode_only"
)
for name in "$@"; do
  # shellcheck disable=SC2086
  python3 -m qcompile serve --model "$ckpt" --device "$device" --dtype "$dtype" --max-num-seqs 64 \
    --max-model-len 512 --port 8000 ${flags[$name]} >"$out/serve_$name.log" 2>&1 &
  server=$!
  for _ in $(seq 300); do
    python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:8000/health', timeout=2)" 2>/dev/null && break
    kill -0 $server 2>/dev/null || break
    sleep 2
  done
  stamp "$name server up"
  # STRUCTURED=K: every K-th request is grammar-constrained (checked against its schema)
  python3 scripts/tools/loadtest.py --concurrency 1,8,64 --requests 64 --duration 20 --max-tokens 64 \
    --structured-every "${STRUCTURED:-0}" 2>&1 | tee "$out/loadtest_$name.log"
  kill $server; wait $server 2>/dev/null
  stamp "$name done"
done
