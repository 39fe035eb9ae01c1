#!/usr/bin/env bash
# Saved-search benchmark: creating a listing (POST /api/v1/listings) with no saved search, then
# with N saved searches (default 100,000), on the same seeded market in one run. A new listing
# probes only the saved searches indexed under its words and facets, so its cost should barely
# move. Release build; needs wrk (installed if missing).
#
#   bench/saved-searches.sh [--database sqlite|postgres] [--duration SECONDS] [--listings N] [--searches N]
#
# The market is seeded (N listings, 5,000 users, the searches spread over them, 20 each); the
# listings created in the runs take their titles, categories and prices from seeded listings, so
# they match saved searches as new listings on such a market would. Both rows start from one
# copy of the database taken before either ran (the same listings, a server just started):
# "without" with the search index emptied, "with" as seeded.
set -euo pipefail
cd "$(dirname "$0")/.."

database=sqlite
duration=15  # a p99 from 5 s at one connection is about the 15th worst of 1,500: it wandered by half between runs
listings=20000
searches=100000
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --searches) searches=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
source bench/lib.sh
bench_options "${args[@]+"${args[@]}"}"
export BCRYPT_COST=4 REGISTRATIONS_PER_ADDRESS=100000
bench_setup
users=$(( (searches + 19) / 20 )); [ "$users" -lt 500 ] && users=500

echo "seeding $listings listings, $users users and $searches saved searches" >&2
"$binary" seed --listings "$listings" --users "$users" --photos 0 --saved-searches "$searches" >&2

# sql STATEMENT: runs one statement on the benchmark's database, the server stopped.
sql() {
  if [ "$database" = postgres ]; then psql -q "$DATABASE_URL" -c "$1" >/dev/null
  else python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()' "$data/campusmarket.sqlite" "$1"; fi
}
count() {
  if [ "$database" = postgres ]; then psql -At "$DATABASE_URL" -c "$1"
  else python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$data/campusmarket.sqlite" "$1"; fi
}
# snapshot / restore: the database as it is (server stopped), and back to that copy.
snapshot() {
  if [ "$database" = postgres ]; then psql -q "${DATABASE_URL%/*}/postgres" -c "CREATE DATABASE bench_copy TEMPLATE campusmarket" >/dev/null
  else sql "PRAGMA wal_checkpoint(TRUNCATE)"; cp "$data/campusmarket.sqlite" "$data/copy.sqlite"; fi
}
restore() {
  if [ "$database" = postgres ]; then
    psql -q "${DATABASE_URL%/*}/postgres" -c "DROP DATABASE campusmarket" -c "CREATE DATABASE campusmarket TEMPLATE bench_copy" >/dev/null
  else rm -f "$data"/campusmarket.sqlite-*; cp "$data/copy.sqlite" "$data/campusmarket.sqlite"; fi
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=; }

start_server 8193
python3 - "$base" "$data" <<'PY'
import json, sys, urllib.request
base, data = sys.argv[1], sys.argv[2]
def call(method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"Content-Type": "application/json", **({"Authorization": "Bearer " + token} if token else {})})
    return json.load(urllib.request.urlopen(request))
tokens = [call("POST", "/api/v1/auth/register", {"email": f"seller{i}@campus.edu", "password": "benchmark-password", "name": f"Seller {i}"})["token"]
          for i in range(16)]
bodies, cursor = [], None
while len(bodies) < 4000:
    page = call("GET", "/api/v1/listings?limit=100" + (f"&cursor={cursor}" if cursor else ""))
    for item in page["items"]:
        body = {"title": item["title"], "categories": item["categories"], "condition": item["condition"], "description": item.get("description") or ""}
        if item.get("salePriceCents"): body["salePriceCents"] = item["salePriceCents"]
        if not item.get("salePriceCents") and not item.get("rentPriceCents"): body["openToTrade"] = True
        if item.get("rentPriceCents"): body.update(rentPriceCents=item["rentPriceCents"], rentUnit=item["rentUnit"])
        bodies.append(json.dumps(body))
    cursor = page.get("nextCursor")
    if not cursor: break
open(f"{data}/bodies", "w").write("\n".join(bodies) + "\n")
open(f"{data}/tokens", "w").write("\n".join(tokens) + "\n")
PY
export LISTING_BODIES="$data/bodies" LISTING_TOKENS="$data/tokens"

# run LABEL: /healthz, then listing creation at 1 and 32 connections, one table row each.
run() {
  wrk -t1 -c4 -d2s "$base/healthz" >/dev/null
  LISTING_THREADS=1 wrk -t1 -c1 -d2s -s bench/create-listings.lua "$base/" >/dev/null
  read -r health_rps _ _ _ _ < <(measure 32 /healthz)
  read -r rps1 p50_1 p99_1 err1 cpu1 < <(LISTING_THREADS=1 measure 1 / bench/create-listings.lua)
  read -r rps p50 p99 err cpu max < <(MEASURE_MAX=1 LISTING_THREADS=2 measure 32 / bench/create-listings.lua)
  echo "| $1 | $rps1 | $p50_1 | $p99_1 | $rps | $p50 | $p99 | $max | $(python3 -c "print(f'{$rps / $health_rps:.2f}')") | $cpu1 | $cpu | $(( err1 + err )) |"
}

echo
echo "CampusMarket saved-search benchmark: $database, release build, $(nproc) cores, wrk ${duration}s per row, $listings seeded listings, listings created from seeded titles"
echo
echo "| saved searches | 1 conn req/s | 1 conn p50 ms | 1 conn p99 ms | 32 conn req/s | 32 conn p50 ms | 32 conn p99 ms | 32 conn max ms | ratio to /healthz (32 conn) | server CPU ms/req (1 conn) | server CPU ms/req (32 conn) | non-2xx |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
stop_server
snapshot
before=$(count "SELECT COUNT(*) FROM listings")
sql "DELETE FROM saved_search_terms"
start_server 8193
run "none (index empty)"
stop_server
restore
start_server 8193
run "$searches"
stop_server
created=$(( $(count "SELECT COUNT(*) FROM listings") - before ))
told=$(count "SELECT COUNT(*) FROM notifications WHERE kind = 'saved_search_matched'")
echo
echo "With $searches saved searches: $created listings created, $told saved-search notifications ($(python3 -c "print(f'{$told / max($created, 1):.2f}')") per listing)."
