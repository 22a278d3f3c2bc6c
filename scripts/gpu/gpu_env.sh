# The common start of the staged GPU scripts (sourced, after `name=` their name): the repo root as the working
# folder, $out ($OUT, /tmp/out), $python ($PYTHON, python3), the wheels in .whl/ installed (a GPU machine has no
# network; not in a SMOKE run), PYTHONPATH, $start and `stamp MESSAGE` (the message with the seconds since).
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
out="${OUT:-/tmp/out}"; mkdir -p "$out"
python="${PYTHON:-python3}"
if [ -z "${SMOKE:-}" ] && ls .whl/*.whl >/dev/null 2>&1; then
  "$python" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
    || exit 1
  export PYTHONPATH="/tmp/site:$PWD"
else
  export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
fi
export PYTHONUNBUFFERED=1
start=$(date +%s)
stamp() { echo "[$name] $1 after $(( $(date +%s) - start )) s"; }
status=0  # 1 once any run fails or times out (a stage may set it too: no budget left)

run_for() {  # SECONDS, LOG, command: the command under SECONDS, its output in LOG (its end shown if it fails)
  local seconds=$1 log=$2; shift 2
  timeout -k 10 "$seconds" "$@" >"$log" 2>&1
  local rc=$?
  if (( rc == 124 || rc == 137 )); then echo "timed out after $seconds s" >>"$log"; fi
  if (( rc != 0 )); then
    status=1
    echo "$(basename "$log" .log) failed (exit $rc); the end of its log:"
    tail -n 5 "$log"
  fi
  return "$rc"
}
