#!/usr/bin/env bash
# Issue 47's long-context measurements on one GPU, in stages named as arguments (`all`: every one, in this
# order). Each stage runs under its own budget (seconds, the env var named) and prints its table as soon as it
# ends, so a window that closes early still leaves the stages before it; tables, logs and JSONs go to $OUT.
#   decode    `qcompile bench` (bench preset, kernel scope, full_decode_only graphs, one distinct context and
#             first token per request) at batch 1 after 8k, 32k, 128k and 256k tokens of context (8k and 256k
#             first), then batch 8 at each (BATCHES); one run per context and batch, so a batch 8 that does not fit
#             (said as OOM in the table) costs no other number; batch 1's 256k against its 8k (issue 47: >= 95%).
#             The runs share --aot-dir, but its key covers the K/V pool's shape, so only a rerun of a context
#             and batch loads from it; the later compiles start from Inductor's warm caches. DECODE_S (570).
#   prefill   one 32k and one 128k prompt through the engine's chunked prefill, as served (the bench's
#             --prefill runs each prompt as one forward, which is not what users get), prefix caching on,
#             the default checkpoint interval. PREFILL_S (420).
#   agent     scripts/tools/bench_agent_sessions.py against `qcompile serve` (4 sessions to 64k tokens, 3k in
#             and 300 out a turn) with prefix caching and with --no-enable-prefix-caching, same flags: TTFT,
#             ITL, hit rate, tokens prefilled, total time, the ratio of total times (>= 3x) beside its ceiling
#             (the replies' streaming time) and each session's warm probes, a turn sent alone at the top
#             context and one at 32k (issue 47: TTFT <= 100 ms at 32k). AGENT_S (570).
#   fit       the K/V pool line of `qcompile serve` start-ups at --max-model-len 32768 and 131072 (default
#             memory utilisation and slots): how many such requests fit at once. FIT_S (300).
#   interval  the prefill stage's prompts with caching off and at checkpoint intervals 2048, 4096, 8192 and
#             16384; the rule of docs/design.md picks the smallest within 1% of off. INTERVAL_S (570).
# The bench preset's checkpoint (bf16, random weights) is written once to /tmp/qc-bench-bfloat16 by the first
# stage that serves it; DUMMY=1 serves the preset's random weights made in memory instead (--model bench
# --load-format dummy: no checkpoint written, about a minute less on a fresh machine). Wheels in .whl/
# (scripts/gpu/fetch_gpu_wheels.sh) are installed first.
# Usage from the repo root: OUT=/tmp/out bash scripts/gpu/gpu_long_context.sh all   (or e.g. decode, prefill fit)
# SMOKE=1: every stage at tiny sizes on CPU (tiny preset, eager), as tests/server/test_gpu_long_context.py runs it.
# Overrides: CONTEXTS, BATCHES ("1 8"; a later window may run BATCHES=8 alone), INTERVALS and FIT_LENS
# (space-separated), LENGTHS (comma-separated), REPEATS (timed prompts per length), CHUNK
# (--max-num-batched-tokens and the compile range), AOT_DIR, PORT and GRAPHS (the served graph mode,
# full_decode_only; full_and_piecewise also captures prefill chunks up to CHUNK tokens).
set -uo pipefail
name=gpu_long_context
source "$(dirname "$0")/gpu_env.sh" || exit 1
driver=scripts/gpu/gpu_long_context.py
port="${PORT:-8000}"

if [ -n "${SMOKE:-}" ]; then
  model=tiny device=cpu dtype=float32  # tiny: the cached random checkpoint, built on first use
  compile=()  # eager: CUDA graphs need CUDA
  bench=(--smoke --scopes eager)
  # one batch and one fit length: a process each is most of the smoke run's time, and the tables of several are
  # the driver's, tested apart
  contexts="${CONTEXTS:-64 256}" batches="${BATCHES:-1}" lengths="${LENGTHS:-64,128}" chunk="${CHUNK:-32}"
  intervals="${INTERVALS:-64}" fit_lens="${FIT_LENS:-1024}" agent_len=1024
  agent=(--sessions 2 --concurrency 2 --turns 3 --target-context 900 --system-tokens 30 --tool-tokens 40
    --output-tokens 6 --probe-context 150)
  repeats="${REPEATS:-1}"
  : "${DECODE_S:=120}" "${PREFILL_S:=120}" "${AGENT_S:=120}" "${FIT_S:=120}" "${INTERVAL_S:=120}"
else
  model=/tmp/qc-bench-bfloat16 device=cuda dtype=bfloat16
  aot="${AOT_DIR:-/tmp/qc-aot}"
  chunk="${CHUNK:-2048}"
  compile=(--scope kernel --ranges "1:1,2:$chunk" --aot-dir "$aot")
  if [ "${GRAPHS:-full_decode_only}" = full_decode_only ]; then
    compile+=(--cudagraph full_decode_only)
  else  # prefill chunks of up to 2048 tokens through piecewise graphs too; a larger one is device-bound without
    # them (its launches overlap the device) and a graph would only pad it (docs/measurements.md, a warm turn at 35k)
    compile+=(--cudagraph "$GRAPHS" --max-capture-size $(( chunk < 2048 ? chunk : 2048 )))
  fi
  bench=(--preset bench --device cuda --dtype bfloat16 --scopes kernel --modes full_decode_only --aot-dir "$aot")
  # 256k: the model's 262144 positions less room for the bench's warm and timed decode steps
  contexts="${CONTEXTS:-8192 32768 131072 262080}" batches="${BATCHES:-1 8}" lengths="${LENGTHS:-32768,131072}"
  intervals="${INTERVALS:-2048 4096 8192 16384}" fit_lens="${FIT_LENS:-32768 131072}" agent_len=65536
  # Issue 47's sessions: a shared 2k system prompt, 3k tokens of tool output and a 300-token reply a turn (resent
  # as text of its size), growing to 64k. At the H100's rates (prefill 27k tok/s at 32k context, 18.6k at 131k;
  # decode 7 ms a step at batch 4): turns start at ~5.06k tokens and grow by ~3.32k; a turn is sent while the
  # probe after it fits (prompt + 2 x 3.5k estimated + 300 <= 65536), so 17 turns (5.06k .. 58.2k), then a probe
  # at ~61.5k: 105 input tokens a turn per output token (issue: ~90).
  #   decode, either run: 17 turns x 300 steps x 7 ms = 36 s
  #   off: 4 sessions x (17 x 5.06k + 3.32k x 136) = 2.15M tokens prefilled at >= 24k tok/s = 90 s -> 126 s;
  #        probes 4 x (61.5k / 24k + 300 x 7 ms) = 19 s
  #   on:  4 x (5.06k + 16 x 3.34k) = 234k tokens at >= 18.6k tok/s = 13 s -> 49 s; probes 4 x (0.2 + 2.1) = 9 s
  #   the 32k probes: the turn below 32k sent again (its state checkpoint evicted by then), then the probe, about
#   4 x 2.5 s on, 4 x 3 s off
#   = 225 s of benchmark, leaving 345 s of AGENT_S (570) for the two server starts (checkpoint load, compile
  #   from warm caches: 50-160 s each) and the checkpoint if no stage wrote it yet (66 s on the H200).
  #   Expected: total time off / on ~2.6x, under a ceiling of 126 / 36 = 3.5x (decode no cache shortens).
  agent=(--sessions 4 --concurrency 4 --target-context 65536 --system-tokens 2000 --tool-tokens 3000
    --output-tokens 300 --probe-context 32768)
  repeats="${REPEATS:-2}"
fi
load=()
if [ -n "${DUMMY:-}" ] && [ -z "${SMOKE:-}" ]; then  # the preset's random weights made in memory: no checkpoint
  model=bench load=(--load-format dummy)
fi
engine=(--model "$model" "${load[@]}" --device "$device" --dtype "$dtype" --max-num-batched-tokens "$chunk")

stage_begin() {  # NAME, seconds: the stage's deadline
  stage=$1 deadline=$(( $(date +%s) + $2 ))
  stamp "stage $stage begins (budget $2 s)"
}
left() { echo $(( deadline - $(date +%s) )); }
bounded() {  # LOG, command: `run_for` under what is left of the stage's budget
  local log=$1; shift
  local t; t=$(left)
  if (( t <= 0 )); then
    status=1
    echo "stage $stage: no budget left for $(basename "$log" .log)"
    return 124
  fi
  run_for "$t" "$log" "$@"
}
ensure_checkpoint() {  # the bench preset's checkpoint, written once (the smoke run's tiny one is cached)
  [ -n "${SMOKE:-}" ] || [ -n "${DUMMY:-}" ] || [ -f "$model/tokenizer_config.json" ] && return 0
  rm -rf "$model.partial"
  bounded "$out/checkpoint.log" "$python" -m qcompile make-checkpoint --preset bench --dtype bfloat16 --device cuda \
    --out "$model.partial" && mv "$model.partial" "$model" && stamp "checkpoint written"
}
serve_start() {  # LOG, serve flags: `qcompile serve` in the background ($server), bounded by the stage
  server_log=$1 server=; shift
  if (( $(left) <= 0 )); then
    status=1
    echo "stage $stage: no budget left for $(basename "$server_log" .log)"
    return 124
  fi
  timeout -k 10 "$(left)" "$python" -m qcompile serve "${engine[@]}" --port "$port" "$@" >"$server_log" 2>&1 &
  server=$!
}
serve_wait() {  # health or a TEXT: until /health answers or the server's log holds TEXT; 1 if it died or time ran out
  while (( $(left) > 0 )) && kill -0 "$server" 2>/dev/null; do
    if [ "$1" = health ]; then
      "$python" -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/health', timeout=2)" 2>/dev/null \
        && return 0
    elif grep -qs "$1" "$server_log"; then
      return 0
    fi
    sleep 1
  done
  status=1
  echo "stage $stage: the server did not get there (${1}); the end of $(basename "$server_log"):"
  tail -n 5 "$server_log"
  return 1
}
serve_stop() { [ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; }; }

decode() {
  stage_begin decode "${DECODE_S:-570}"
  local dir="$out/decode" b c
  mkdir -p "$dir"
  local first=${contexts%% *} last=${contexts##* }
  [ "$last" != "$first" ] || last=
  local middle=" $contexts "; middle=${middle/ $first / }; middle=${middle/ $last / }
  for b in $batches; do
    for c in $first $last $middle; do
      rm -f "$dir/decode_c${c}_b$b.json"  # a table shows this run's numbers only
      bounded "$dir/decode_c${c}_b$b.log" "$python" -m qcompile bench "${bench[@]}" --anchor-steps 0 --profile-steps 0 \
        --prefill 1x"$chunk" --context "$c" --batches "$b" --contexts "$b" --json "$dir/decode_c${c}_b$b.json" \
        && grep -h "^bench: .*tok/s" "$dir/decode_c${c}_b$b.log"
    done
  done
  # shellcheck disable=SC2086  # one word per context and batch
  "$python" "$driver" decode-table "$dir" --contexts $contexts --batches $batches | tee "$out/decode.md"
  stamp "stage decode done"
}

prefill_run() {  # LABEL, engine flags: one engine start, the prompts of $lengths
  local label=$1; shift
  rm -f "$out/prefill_$label.json"
  bounded "$out/prefill_$label.log" "$python" "$driver" prefill "${engine[@]}" --max-num-seqs 4 "${compile[@]}" \
    --lengths "$lengths" --repeats "$repeats" --label "$label" \
    --json "$out/prefill_$label.json" "$@" && grep -h "^prefill $label:" "$out/prefill_$label.log"
}

prefill() {
  stage_begin prefill "${PREFILL_S:-420}"
  ensure_checkpoint && prefill_run default
  "$python" "$driver" prefill-table "$out/prefill_default.json" | tee "$out/prefill.md"
  stamp "stage prefill done"
}

interval() {
  stage_begin interval "${INTERVAL_S:-570}"
  local jsons=("$out/prefill_off.json") i
  ensure_checkpoint && prefill_run off --no-enable-prefix-caching
  for i in $intervals; do
    prefill_run "interval$i" --prefix-checkpoint-interval "$i"
    jsons+=("$out/prefill_interval$i.json")
  done
  "$python" "$driver" prefill-table "${jsons[@]}" | tee "$out/interval.md"
  stamp "stage interval done"
}

agent() {
  stage_begin agent "${AGENT_S:-570}"
  local caching flags
  ensure_checkpoint
  for caching in on off; do
    flags=(--max-num-seqs 16 --max-model-len "$agent_len" "${compile[@]}")
    [ "$caching" = off ] && flags+=(--no-enable-prefix-caching)
    rm -f "$out/agent_$caching.json"
    serve_start "$out/agent_serve_$caching.log" "${flags[@]}" && serve_wait health \
      && bounded "$out/agent_$caching.log" "$python" scripts/tools/bench_agent_sessions.py --url "http://127.0.0.1:$port/v1" "${agent[@]}" --json "$out/agent_$caching.json" \
      && sed -n '/^model /,$p' "$out/agent_$caching.log"
    serve_stop
    stamp "agent sessions, prefix caching $caching"
  done
  "$python" "$driver" agent-table "$out/agent_on.json" "$out/agent_off.json" | tee "$out/agent.md"
  stamp "stage agent done"
}

fit() {
  stage_begin fit "${FIT_S:-300}"
  local logs=() len
  ensure_checkpoint
  for len in $fit_lens; do
    # the pool line comes once the model is loaded and its activations profiled, before the compile
    serve_start "$out/fit_$len.log" --max-model-len "$len" "${compile[@]}" && serve_wait "K/V pool:"
    serve_stop
    logs+=("$out/fit_$len.log")
  done
  "$python" "$driver" fit-table "${logs[@]}" | tee "$out/fit.md"
  stamp "stage fit done"
}

[ $# -gt 0 ] || { echo "usage: $0 all | decode prefill agent fit interval (one or more)"; exit 2; }
[ "$*" = all ] && set -- decode prefill agent fit interval
"$python" -c "import torch; print('torch', torch.__version__, torch.cuda.get_device_name() if torch.cuda.is_available() \
  else 'cpu')"
for part in "$@"; do
  case $part in
    decode|prefill|agent|fit|interval) "$part";;
    *) echo "unknown stage $part (all, decode, prefill, agent, fit, interval)"; status=1;;
  esac
done
exit $status
