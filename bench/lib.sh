# Shared by the benchmark scripts: wrk runs and their parsed figures.

# The server's CPU time (user + system, all its threads) in clock ticks, from /proc.
server_cpu_ticks() {
  awk '{ print $14 + $15 }' "/proc/$server_pid/stat"
}

# measure CONNECTIONS PATH [SCRIPT] -> "rps p50 p99 non2xx cpu" (and " max" when MEASURE_MAX=1);
# uses $base, $duration and $server_pid.
# cpu is the server's CPU time per request in ms: unlike latency, it barely moves when other
# work shares the machine, so two builds compare on it even on a noisy day.
measure() {
  local connections=$1 path=$2 script=${3:-}
  local threads=$(( connections < 2 ? 1 : 2 ))
  local output cpu_before cpu_after
  cpu_before=$(server_cpu_ticks)
  output=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency ${script:+-s "$script"} "$base$path")
  cpu_after=$(server_cpu_ticks)
  PYTHONPATH="$(dirname "${BASH_SOURCE[0]}")" python3 - "$output" "$(( cpu_after - cpu_before ))" "$(getconf CLK_TCK)" "${MEASURE_MAX:-0}" <<'PY'
import re, sys
from wrk_output import latency_ms, max_latency_ms, requests_per_second
text, ticks, ticks_per_second, with_max = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
ms = lambda label: latency_ms(text, label)
rps = requests_per_second(text)
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
requests = int(re.search(r"(\d+) requests in", text).group(1))
cpu = ticks / ticks_per_second * 1000 / max(requests, 1)
longest = "" if not with_max else f" {max_latency_ms(text):.1f}"
print(f"{rps:.0f} {ms('50%'):.2f} {ms('99%'):.2f} {errors.group(1) if errors else 0} {cpu:.2f}{longest}")
PY
}

bench_options() {  # bench_options "$@": --listings N, --database sqlite|postgres, --duration SECONDS (defaults set by the caller)
  while [ $# -gt 0 ]; do
    case "$1" in
      --listings) listings=$2; shift 2 ;;
      --database) database=$2; shift 2 ;;
      --duration) duration=$2; shift 2 ;;
      *) echo "unknown option $1" >&2; exit 2 ;;
    esac
  done
}

bench_setup() {  # wrk, a release build ($binary; CAMPUSMARKET_BIN names one built before), a data directory removed on exit ($data, DATA_DIR), PostgreSQL if asked
  command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
  if [ -n "${CAMPUSMARKET_BIN:-}" ]; then
    binary=$CAMPUSMARKET_BIN  # e.g. two builds compared in one session
  else
    swift build -c release --product campusmarket >&2
    binary=.build/release/campusmarket
  fi
  data=$(mktemp -d /tmp/campusmarket-bench.XXXXXX)
  server_pid=
  trap bench_cleanup EXIT
  # A command that fails stops the run (set -e): say which, since wrk can fail without a word.
  set -E
  trap 'echo "stopped: \"$BASH_COMMAND\" failed (line $LINENO)" >&2' ERR
  export DATA_DIR="$data" LOG_LEVEL=warning
  if [ "$database" = postgres ]; then
    # A cache that holds a 1M-listing database (about 4 GB with its indexes), as an operator
    # would give it on a machine with the memory: this machine pages idle file cache out (DAMON
    # `pageout`), so without it a query's first run read from disk (first runs of the Zipf
    # queries at 1M: p99 50 ms, max 96, against 21 and 39 with the cache).
    # On disk, as a deployment's would be (the tests' server is in memory).
    export DATABASE_URL; DATABASE_URL=$(PG_PARENT_DIR=${PG_PARENT_DIR:-/tmp} PG_SHARED_BUFFERS=${PG_SHARED_BUFFERS:-6GB} scripts/start-postgres.sh)
  fi
}

bench_cleanup() {
  local status=$?
  # A run that stopped early says why, if the server said it.
  if [ "$status" -ne 0 ] && [ -s "$data/server.log" ]; then
    echo "stopped with status $status; the server's log ends:" >&2
    tail -20 "$data/server.log" >&2
  fi
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  [ "$database" = postgres ] && scripts/stop-postgres.sh
  rm -rf "$data"
}

seed_market() {  # seed_market: $listings listings (and a user for every 50) with seed 1; sets $seed_seconds
  echo "seeding $listings listings on $database" >&2
  local started; started=$(date +%s)
  "$binary" seed --listings "$listings" --users $(( listings / 50 + 10 )) --seed 1 --photos 0 >&2
  seed_seconds=$(( $(date +%s) - started ))
  if [ "$database" = postgres ]; then
    bench/settle-postgres.sh "$DATABASE_URL"
  fi
}

start_server() {  # start_server PORT: serve in the background, wait for /healthz; sets $base and $server_pid
  "$binary" serve --port "$1" >"$data/server.log" 2>&1 &
  server_pid=$!
  base="http://127.0.0.1:$1"
  for _ in $(seq 1 60); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 1; done
}
