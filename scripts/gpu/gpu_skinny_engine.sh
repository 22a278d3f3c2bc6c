#!/usr/bin/env bash
# The skinny GEMM in the engine on one GPU, on the bench preset (bf16, random weights, written once
# under /tmp). Parts, named as arguments (each well under 10 minutes on an H200):
#   check  scripts/gpu/gpu_skinny_engine.py: LLM start-ups off / timed / from the plan file / fp32, their
#          skinny stage lines, decode tok/s, error against fp32, the plan file's bitwise check; each
#          start-up compiles (about 80 s on the H200), so CONFIGS=off,timed,cached leaves fp32 out
#   serve  `qcompile serve` (kernel scope, FULL decode graphs) with the skinny GEMM timed into a fresh
#          plan file, then with --no-skinny-gemm, each under scripts/tools/loadtest.py at 1, 8 and 64 streams;
#          then a third start-up from the plan file (its skinny stage times nothing)
# Usage from the repo root, wheels in .whl/: bash scripts/gpu/gpu_skinny_engine.sh check serve
# Logs and tables go to $OUT (default /tmp/out); the serve logs' stage lines say how many GEMM shapes
# took the skinny kernel ("N of M GEMM shapes take the skinny kernel at rows [...]").
set -uo pipefail
out="${OUT:-/tmp/out}"; mkdir -p "$out"
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
  export PYTHONPATH="/tmp/site:$PWD"
else
  export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
fi
export PYTHONUNBUFFERED=1
start=$(date +%s)
stamp() { echo "[gpu_skinny_engine] $1 after $(( $(date +%s) - start )) s"; }
ckpt="/tmp/qc-bench-bfloat16"
if [ ! -f "$ckpt/config.json" ]; then
  python3 -m qcompile make-checkpoint --preset bench --dtype bfloat16 --device cuda --out "$ckpt" >/dev/null || exit 1
  stamp "checkpoint written"
fi
status=0
serve_one() {  # name, then serve flags; loadtest unless name ends in -startup
  local name=$1; shift
  python3 -m qcompile serve --model "$ckpt" --device cuda --dtype bfloat16 --max-num-seqs 64 --max-model-len 512 \
    --port 8000 --scope kernel --ranges 1:1,2:2048 --cudagraph full_decode_only "$@" >"$out/serve_$name.log" 2>&1 &
  local server=$!
  for _ in $(seq 300); do
    python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:8000/health', timeout=2)" 2>/dev/null && break
    kill -0 $server 2>/dev/null || break
    sleep 2
  done
  stamp "$name server up"
  grep -A1 "skinny" "$out/serve_$name.log" || echo "$name: no skinny stage line"
  if [[ $name != *-startup ]]; then
    python3 scripts/tools/loadtest.py --concurrency 1,8,64 --requests 64 --duration 15 --max-tokens 64 2>&1 \
      | tee "$out/loadtest_$name.log"
  fi
  kill $server; wait $server 2>/dev/null
  stamp "$name done"
}
for part in "$@"; do
  case $part in
    check)
      python3 scripts/gpu/gpu_skinny_engine.py --model "$ckpt" --plans "$out/skinny_plans_check.json" \
        --configs "${CONFIGS:-off,timed,cached,fp32}" 2>&1 \
        | tee "$out/skinny_engine_check.log"
      [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
      stamp "check done";;
    serve)
      rm -f "$out/skinny_plans_serve.json"
      serve_one skinny --skinny-plans "$out/skinny_plans_serve.json"
      serve_one cublas --no-skinny-gemm
      serve_one cached-startup --skinny-plans "$out/skinny_plans_serve.json";;
    *) echo "unknown part $part (check, serve)"; status=1;;
  esac
done
exit $status
