#!/usr/bin/env bash
# Two or more builds on one request, in turn: each build serves the same seeded database on a
# port of its own, and rounds of `wrk` (3 s, 32 connections unless told) go to each build in
# turn, so what else the machine does falls on all alike. Prints, per build, the median and
# lowest server CPU time per request over the rounds, the median throughput, and the median p50
# and p99 of the rounds. For changes of a few microseconds a request, which a single run of
# read-path.sh cannot tell from this machine's run-to-run drift.
#
#   bench/ab.sh --path PATH [--rounds N] [--listings N] [--connections N] [--signed-in] BINARY BINARY...
#
# PATH may name `{listing}`: the first furniture listing's id (read-path.sh's listing). SQLite:
# the database is seeded once, by the first binary. PostgreSQL: DATABASE_URL names a database
# already seeded (`campusmarket seed`), which every build serves; nothing is seeded.
# `--connections 1` times one request at a time (service time; the shapes' p99 target).
# `--signed-in`: every request carries the bearer token of an account signed up through the
# first build (a signed-in request's session lookup).
set -euo pipefail
cd "$(dirname "$0")/.."

path=/
rounds=8
listings=100000
connections=32
signed_in=false
binaries=()
while [ $# -gt 0 ]; do
  case "$1" in
    --path) path=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --listings) listings=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --signed-in) signed_in=true; shift ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) binaries+=("$1"); shift ;;
  esac
done
[ ${#binaries[@]} -ge 2 ] || { echo "name two builds or more to compare" >&2; exit 2; }
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }

data=$(mktemp -d /tmp/campusmarket-ab.XXXXXX)
pids=()
figures=$data/figures
cleanup() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT
export DATA_DIR=$data LOG_LEVEL=warning SIGNUP_BY_MAIL=off
if [ -z "${DATABASE_URL:-}" ]; then
  echo "seeding $listings listings" >&2
  "${binaries[0]}" seed --listings "$listings" --users $(( listings / 50 + 10 )) --seed 1 --photos 0 >/dev/null
  sync  # the seed's writes on disk before measuring, not flushed during the first rounds
fi
threads=$(( connections < 2 ? 1 : 2 ))

for index in "${!binaries[@]}"; do
  "${binaries[$index]}" serve --port $(( 8500 + index )) >"$data/server-$index.log" 2>&1 &
  pids+=($!)
done
for index in "${!binaries[@]}"; do
  for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$(( 8500 + index ))/healthz" >/dev/null 2>&1 && break; sleep 0.5; done
done
listing=$(curl -fsS "http://127.0.0.1:8500/api/v1/listings?limit=1&category=furniture" | python3 -c 'import sys,json; print(json.load(sys.stdin)["items"][0]["id"])')
path=${path//\{listing\}/$listing}
headers=()
if $signed_in; then
  token=$(curl -fsS -H 'Content-Type: application/json' -d "{\"email\":\"ab-$$@campus.edu\",\"password\":\"a/b bench password\",\"name\":\"A B\"}" \
    http://127.0.0.1:8500/api/v1/auth/register | python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])')
  headers=(-H "Authorization: Bearer $token")
fi
for index in "${!binaries[@]}"; do wrk -t2 -c32 -d5s "${headers[@]}" "http://127.0.0.1:$(( 8500 + index ))$path" >/dev/null; done  # warm: the first seconds after a seed run slow

for _ in $(seq 1 "$rounds"); do
  for index in "${!binaries[@]}"; do
    before=$(awk '{ print $14 + $15 }' "/proc/${pids[$index]}/stat")
    output=$(wrk -t$threads -c$connections -d3s --latency "${headers[@]}" "http://127.0.0.1:$(( 8500 + index ))$path")
    after=$(awk '{ print $14 + $15 }' "/proc/${pids[$index]}/stat")
    requests=$(echo "$output" | awk '/requests in/ { print $1 }')
    rps=$(echo "$output" | awk '/Requests\/sec/ { print $2 }')
    # wrk's latency percentiles in microseconds (it prints 812.00us, 1.23ms, 1.05s)
    percentiles=$(echo "$output" | awk '$1 == "50%" || $1 == "99%" { v = $2; m = 1
      if (v ~ /us$/) m = 1; else if (v ~ /ms$/) m = 1000; else if (v ~ /s$/) m = 1000000
      sub(/[a-z]+$/, "", v); printf "%d ", v * m }')
    echo "$index $(( after - before )) $requests $rps $percentiles" >>"$figures"
  done
done

echo "$path, $rounds rounds of 3 s at $connections connections, in turn"
python3 - "$figures" "$(getconf CLK_TCK)" "${binaries[@]}" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
ticks = int(sys.argv[2])
for index, binary in enumerate(sys.argv[3:]):
    mine = [r for r in rows if int(r[0]) == index]
    cpu = [int(r[1]) / ticks * 1000 / int(r[2]) for r in mine]
    rps = [float(r[3]) for r in mine]
    p50 = statistics.median(int(r[4]) for r in mine) / 1000
    p99 = statistics.median(int(r[5]) for r in mine) / 1000
    print(f"{binary}: server CPU ms/req median {statistics.median(cpu):.3f}, lowest {min(cpu):.3f}; "
          f"req/s median {statistics.median(rps):.0f}; p50 {p50:.2f} ms, p99 {p99:.2f} ms (medians of the rounds)")
PY
