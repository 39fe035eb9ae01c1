#!/usr/bin/env bash
# Orders benchmark: purchases and rental requests per second, each on a listing of its own (so
# every request makes an order: no conflicts), against /healthz in the same run. Release build.
#
#   bench/orders.sh [--database sqlite|postgres] [--duration SECONDS] [--listings N]
#
# N listings for sale and N for rent are created over the API first; a run must not need more
# than N orders of a kind (the non-2xx column shows if it did). Needs wrk (installed if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

database=sqlite
duration=5
listings=24000
source bench/lib.sh
bench_options "$@"
# bcrypt cost 4: registering the buyers is set-up, not what is measured.
export BCRYPT_COST=4 REGISTRATIONS_PER_ADDRESS=100000
bench_setup
start_server 8191

echo "creating $listings listings for sale and $listings for rent" >&2
python3 - "$base" "$listings" "$data" <<'PY'
import json, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
base, count, data = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def call(method, path, body, token=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **({"Authorization": "Bearer " + token} if token else {})})
    return json.load(urllib.request.urlopen(request))
def register(i):
    return call("POST", "/api/v1/auth/register", {"email": f"bench{i}@campus.edu", "password": "benchmark-password", "name": f"Bench {i}"})["token"]
sellers = [register(i) for i in range(10)]
buyers = [register(100 + i) for i in range(20)]
def listing(i, rent):
    body = {"title": f"Bench item {i}", "categories": ["other"], "condition": "good"}
    body.update({"rentPriceCents": 300, "rentUnit": "hour"} if rent else {"salePriceCents": 1500})
    return call("POST", "/api/v1/listings", body, sellers[i % len(sellers)])["id"]
with ThreadPoolExecutor(8) as pool:
    for name, rent in (("sale", False), ("rent", True)):
        ids = list(pool.map(lambda i: listing(i, rent), range(count)))
        open(f"{data}/{name}.ids", "w").write("\n".join(ids) + "\n")
open(f"{data}/tokens", "w").write("\n".join(buyers) + "\n")
PY

start=$(python3 -c 'import datetime as d; t=d.datetime.now(d.timezone.utc).replace(minute=0, second=0, microsecond=0)+d.timedelta(days=1); print(t.strftime("%Y-%m-%dT%H:%M:%SZ")); print((t+d.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ"))')
export ORDERS_TOKENS="$data/tokens" ORDERS_THREADS=2 ORDERS_START=${start%%$'\n'*} ORDERS_END=${start##*$'\n'}

wrk -t1 -c4 -d2s "$base/healthz" >/dev/null
read -r health_rps health_p50 health_p99 health_err health_cpu < <(measure 32 /healthz)
echo
echo "CampusMarket orders benchmark: $database, release build, $(nproc) cores, wrk ${duration}s per row, 32 connections, every order on its own listing, SQLITE_CHECKPOINT_SECONDS=${SQLITE_CHECKPOINT_SECONDS:-1}"
echo
echo "| request | 1 conn req/s | 1 conn p50 ms | 1 conn p99 ms | 32 conn req/s | 32 conn p50 ms | 32 conn p99 ms | 32 conn max ms | ratio to /healthz (32 conn) | server CPU ms/req (1 conn) | server CPU ms/req (32 conn) | non-2xx |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
read -r health1_rps health1_p50 health1_p99 _ health1_cpu < <(measure 1 /healthz)
echo "| GET /healthz | $health1_rps | $health1_p50 | $health1_p99 | $health_rps | $health_p50 | $health_p99 | | 1.00 | $health1_cpu | $health_cpu | $health_err |"
for kind in purchase rental; do
  ids_file="$data/sale.ids"; [ "$kind" = rental ] && ids_file="$data/rent.ids"
  # The first quarter of the listings serves the 1-connection run, the rest the 32-connection run.
  one=$(( listings / 4 ))
  head -n "$one" "$ids_file" >"$data/one.ids"; tail -n +$(( one + 1 )) "$ids_file" >"$data/many.ids"
  read -r rps1 p50_1 p99_1 err1 cpu1 < <(ORDERS_KIND=$kind ORDERS_THREADS=1 ORDERS_IDS=$data/one.ids measure 1 / bench/orders.lua)
  read -r rps p50 p99 err cpu max < <(MEASURE_MAX=1 ORDERS_KIND=$kind ORDERS_IDS=$data/many.ids measure 32 / bench/orders.lua)
  ratio=$(python3 -c "print(f'{$rps / $health_rps:.2f}')")
  echo "| POST …/$( [ "$kind" = purchase ] && echo purchase || echo rentals ) | $rps1 | $p50_1 | $p99_1 | $rps | $p50 | $p99 | $max | $ratio | $cpu1 | $cpu | $(( err1 + err )) |"
done
