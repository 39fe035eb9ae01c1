#!/usr/bin/env bash
# Cold start and memory: how long `campusmarket serve` takes from exec to its first answered
# request (5 starts on a seeded database, median and slowest), and the server's peak resident
# memory under 32 connections reading the feed (JSON, then the HTML page). Release build.
#
#   bench/startup.sh [--database sqlite|postgres] [--listings N] [--duration SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."

database=sqlite
duration=10
listings=100000
source bench/lib.sh
bench_options "$@"
bench_setup

echo "seeding $listings listings" >&2
"$binary" seed --listings "$listings" --users $(( listings / 10 )) --seed 1 --photos 0 >/dev/null
"$binary" migrate -y >/dev/null 2>&1 || true

port=8197
starts=$(python3 - "$binary" "$port" <<'PY'
import subprocess, sys, time, urllib.request
binary, port = sys.argv[1], sys.argv[2]
times = []
for _ in range(5):
    began = time.monotonic()
    server = subprocess.Popen([binary, "serve", "--port", port], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            if urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).status == 200:
                break
        except Exception:
            time.sleep(0.002)
    times.append((time.monotonic() - began) * 1000)
    server.terminate(); server.wait()
times.sort()
print(f"{times[len(times) // 2]:.0f} {times[-1]:.0f}")
PY
)
read -r start_median start_max <<<"$starts"

start_server "$port"
peak_rss() {  # peak_rss PATH: the server's largest VmRSS (MB) while wrk reads PATH
  local path=$1 peak=0 rss
  wrk -t2 -c32 -d"${duration}s" "$base$path" >/dev/null &
  local wrk_pid=$!
  while kill -0 "$wrk_pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS/ { print int($2 / 1024) }' "/proc/$server_pid/status")
    [ "$rss" -gt "$peak" ] && peak=$rss
    sleep 0.2
  done
  echo "$peak"
}
idle=$(awk '/^VmRSS/ { print int($2 / 1024) }' "/proc/$server_pid/status")
feed_json=$(peak_rss "/api/v1/listings?limit=20")
feed_html=$(peak_rss "/")

echo
echo "CampusMarket cold start and memory: $database, release build, $(nproc) cores, $listings listings, wrk -t2 -c32 ${duration}s"
echo
echo "| measure | figure |"
echo "|---|---|"
echo "| cold start to first answered request, median of 5 (ms) | $start_median |"
echo "| cold start, slowest of 5 (ms) | $start_max |"
echo "| resident memory, idle after start (MB) | $idle |"
echo "| peak resident memory, 32 connections on /api/v1/listings?limit=20 (MB) | $feed_json |"
echo "| peak resident memory, 32 connections on / (MB) | $feed_html |"
