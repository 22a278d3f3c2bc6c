#!/usr/bin/env bash
# Issue 46 on one H100: the full preset (48 layers, 512 block-FP8 experts built in memory by build_random, the
# PLE table pinned on the host) with its routed experts in host banks behind a GPU cache (--moe-expert-cache
# auto), at GPU budgets of 24, 48 and 64 GiB in all (a smaller card: --gpu-memory-utilization is the budget's
# share of this device, --kv-cache-memory what the expert slots leave for the bench's state, activations and
# graphs; the device peak is reported beside), then `qcompile serve --model full --load-format dummy` answering
# one request. Stages, named as arguments (`all`: every one, in this order), each one run under its own budget
# (RUN_S, 540 s: under the device's 10 minutes a command), its table printed as it ends:
#   decode24 decode48 decode64   `qcompile bench` at that budget: eager and FULL decode graphs, batch 1 and 8
#             after a 1024-token context, and the prefill of 1x2048, at the routing's own hit rate and at forced
#             hit rates 0.5, 0.9, 0.95, 1 (RATES; timing only, outputs wrong): tok/s, hit rate, misses and
#             bytes copied a step, copy GB/s, distinct experts a layer, the link-bound ceiling (misses x 4.92 MB
#             / the measured copy GB/s)
#   long24 long48 long64         the same at batch 1 with the prefill of 1x32768 (its own run: a 32k state and
#             its activations take what the decode run's batch of 8 does not)
#   serve     `qcompile serve` (eager, the whole card: --gpu-memory-utilization 0.9) of the in-memory full
#             build with --moe-expert-cache auto, one chat request (scripts/gpu/gpu_full_offload.py request)
# A build that cannot fit says so in one line at start (the sizes of the device, the host and the PLE table); the
# table shows that line for its stage. Then one table of every stage run, each figure beside its prediction.
#
# Predictions (scripts/gpu/gpu_full_offload.py's docstring has the arithmetic): a miss copies one 4.92 MB
# expert at the copy kernel's 52 GB/s, 94.6 us; batch 1's step is the rest of an H100 step (7.2 ms: the H200's
# 6.68 ms less its resident MoE, plus the H100's slower HBM) + 48 x 29.9 us of plan and round at all hits +
# misses x 94.6 us: 95% hits (24 misses) 10.9 ms -> ~92 tok/s (the brief's 7.2 + 48 x 67.7 us -> 96), all hits
# ~116 tok/s; at the random routing's own rate (~0.28 with 48 GiB: ~145 dynamic slots of 512) the link bounds it:
# 345 misses x 94.6 us = 32.7 ms -> ~24 tok/s at batch 1, 2616 misses -> ~31 tok/s at batch 8; prefill streams
# every non-static expert of every layer once (~22.5k misses, 2.1 s): 1x2048 ~860 tok/s, 1x32768 ~5.4k tok/s.
# With 24 GiB in all the experts should not fit beside the other weights (11 GB) and a 128 GiB host: start says
# so. Issue 46's bars: >= 120 tok/s at 95% hits and >= 35 at the own rate with 48 GiB: today's kernels miss both.
#
# Usage from the repo root: OUT=/tmp/out bash scripts/gpu/gpu_full_offload.sh all   (or e.g. decode48 serve)
# SMOKE=1: the stages on CPU at tiny sizes (tiny preset, 4 slots a layer), as tests/commands/test_gpu_full_offload.py
# runs it. Overrides: RATES (comma-separated), RESERVE (the bench's --kv-cache-memory, 6GiB; LONG_RESERVE for the
# 32k runs, 14GiB), CONTEXT, STEPS, RUN_S, PORT. Wheels in .whl/ (scripts/gpu/fetch_gpu_wheels.sh) install first.
set -uo pipefail
name=gpu_full_offload
source "$(dirname "$0")/gpu_env.sh" || exit 1
driver=scripts/gpu/gpu_full_offload.py
port="${PORT:-8000}"
rates="${RATES:-0.5,0.9,0.95,1}"

if [ -n "${SMOKE:-}" ]; then
  bench=(--smoke --scopes eager --moe-expert-cache 4 --steps "${STEPS:-2}" --context "${CONTEXT:-24}")
  long_prefill=1x32 decode_prefill=1x16
  serve=(--model tiny --device cpu --dtype float32 --moe-expert-cache 4)
  : "${RUN_S:=240}"
else
  bench=(--preset full --device cuda --dtype bfloat16 --scopes eager --moe-expert-cache auto --profile-steps 0
    --steps "${STEPS:-16}" --context "${CONTEXT:-1024}")
  long_prefill=1x32768 decode_prefill=1x2048
  serve=(--model full --device cuda --dtype bfloat16 --moe-expert-cache auto --kv-cache-memory 2GiB
    --gpu-memory-utilization 0.9 --max-model-len 4096 --max-num-seqs 4)
  : "${RUN_S:=540}"
fi
bounded() { run_for "$RUN_S" "$@"; }  # LOG, command: under RUN_S

budget_flags() {  # GIB, RESERVE: the flags that make this device a GIB card (none in the smoke run)
  [ -n "${SMOKE:-}" ] && return 0
  local share
  share=$("$python" "$driver" utilization "$1") || return 1
  echo "--gpu-memory-utilization $share --kv-cache-memory $2"
}

bench_stage() {  # NAME, GIB, RESERVE, bench flags
  local name=$1 gib=$2 reserve=$3 flags; shift 3
  stamp "stage $name begins (${gib} GiB in all)"
  rm -f "$out/$name.json"
  flags=$(budget_flags "$gib" "$reserve") || { status=1; echo "$name: no budget flags"; return; }
  # shellcheck disable=SC2086  # the budget flags are words
  bounded "$out/$name.log" "$python" -m qcompile bench "${bench[@]}" $flags \
    --timing-only-forced-hit-rates "$rates" --json "$out/$name.json" "$@" \
    && sed -n '/^| scope | cudagraph | hit rate asked/,/^$/p' "$out/$name.log"
  stamp "stage $name done"
}

serve_stage() {
  stamp "stage serve begins"
  rm -f "$out/serve.json"
  local server deadline=$(( $(date +%s) + RUN_S ))
  timeout -k 10 "$RUN_S" "$python" -m qcompile serve "${serve[@]}" --load-format dummy --weight-only \
    --ple-backend pinned --port "$port" >"$out/serve.log" 2>&1 &
  server=$!
  until "$python" -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/health', timeout=2)" 2>/dev/null; do
    if ! kill -0 "$server" 2>/dev/null || (( $(date +%s) > deadline )); then
      status=1
      echo "serve did not come up; the end of its log:"; tail -n 3 "$out/serve.log"
      wait "$server" 2>/dev/null
      return
    fi
    sleep 2
  done
  grep -h "experts:" "$out/serve.log"
  local model=tiny; [ -n "${SMOKE:-}" ] || model=full
  "$python" "$driver" request "http://127.0.0.1:$port/v1" --model "$model" --json "$out/serve.json" || status=1
  kill "$server" 2>/dev/null; wait "$server" 2>/dev/null
  stamp "stage serve done"
}

[ $# -gt 0 ] || { echo "usage: $0 all | decode24 decode48 decode64 long24 long48 long64 serve (one or more)"; exit 2; }
[ "$*" = all ] && set -- decode24 decode48 decode64 long24 long48 long64 serve
"$python" -c "import torch; print('torch', torch.__version__, torch.cuda.get_device_name() if torch.cuda.is_available() \
  else 'cpu')"
for part in "$@"; do
  case $part in
    decode24|decode48|decode64)
      bench_stage "$part" "${part#decode}" "${RESERVE:-6GiB}" --batches 1,8 --prefill "$decode_prefill";;
    long24|long48|long64)
      bench_stage "$part" "${part#long}" "${LONG_RESERVE:-14GiB}" --batches 1 --prefill "$long_prefill";;
    serve) serve_stage;;
    *) echo "unknown stage $part (all, decode24/48/64, long24/48/64, serve)"; status=1;;
  esac
done
"$python" "$driver" table "$out" --stages "$@" | tee "$out/full_offload.md"
exit $status
