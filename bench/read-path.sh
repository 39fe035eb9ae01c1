#!/usr/bin/env bash
# The read path: the pages every visit starts with, against `/healthz` in the same run. Builds
# release, seeds N listings, and measures with wrk at 1 and 32 connections: the feed (JSON and
# the web app's HTML), one listing (JSON and HTML), and each of them again as a conditional
# request (`If-None-Match` with the ETag the server gave), which should be answered 304 without
# rendering, and compressed (`Accept-Encoding: gzip`). Figures are compared as ratios to `/healthz`.
#
#   bench/read-path.sh [--listings N] [--database sqlite|postgres] [--duration SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."

listings=100000
database=sqlite
duration=10
source bench/lib.sh
bench_options "$@"
bench_setup

seed_market

start_server 8191

listing=$(curl -fsS "$base/api/v1/listings?limit=1&category=furniture" | python3 -c 'import sys,json; print(json.load(sys.stdin)["items"][0]["id"])')
declare -A paths=(
  [healthz]="/healthz"
  [feed_json]="/api/v1/listings?limit=20"
  [feed_json_24]="/api/v1/listings?limit=24"
  [feed_html]="/"
  [listing_json]="/api/v1/listings/$listing"
  [listing_html]="/listings/$listing"
)
# feed_json_24 holds as many listings as the feed page shows (24), the JSON the page is held to.
order=(healthz feed_json feed_json_24 feed_html listing_json listing_html)

# The ETag each page was given, for its conditional row ("" when the server gave none).
etag() { curl -fsS -o /dev/null -D - "$base$1" | awk 'tolower($1) == "etag:" { sub(/\r$/, ""); print $2 }'; }

conditional_script() {  # a wrk script that sends If-None-Match: $1, and then the tag of any full answer
  # A page's tag changes with the minute (it says "5 min ago"): like a browser, the script keeps
  # the tag of the last full answer it got, so a run across a minute's turn costs one full page.
  local file="$data/inm-$2.lua"
  cat >"$file" <<LUA
local tag = [[$1]]
request = function()
  wrk.headers["If-None-Match"] = tag
  return wrk.format()
end
response = function(status, headers, body)
  local given = headers["ETag"] or headers["etag"]
  if status == 200 and given then tag = given end
end
LUA
  echo "$file"
}

printf '| request | 1 conn req/s | 1 conn p50 ms | 1 conn p99 ms | 32 conn req/s | 32 conn p50 ms | 32 conn p99 ms | ratio to /healthz (32 conn) | server CPU ms/req | non-2xx/3xx |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'
healthz_rps=
row() {  # row NAME PATH [SCRIPT]
  local name=$1 path=$2 script=${3:-}
  read -r rps1 p50_1 p99_1 err1 _ <<<"$(measure 1 "$path" "$script")"
  read -r rps32 p50_32 p99_32 err32 cpu <<<"$(measure 32 "$path" "$script")"
  [ -z "$healthz_rps" ] && healthz_rps=$rps32
  ratio=$(python3 -c "print(f'{$rps32 / $healthz_rps:.2f}')")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$rps1" "$p50_1" "$p99_1" "$rps32" "$p50_32" "$p99_32" "$ratio" "$cpu" "$(( err1 + err32 ))"
}
for name in "${order[@]}"; do
  row "$name" "${paths[$name]}"
done
# The same pages compressed, as a browser asks for them (`Accept-Encoding: gzip`): what the
# server's CPU pays per page for the bytes a phone saves.
gzip_script="$data/gzip.lua"
printf 'wrk.headers["Accept-Encoding"] = "gzip"\n' >"$gzip_script"
for name in feed_json feed_html listing_html; do
  row "${name} (gzip)" "${paths[$name]}" "$gzip_script"
done
for name in feed_json feed_html listing_json listing_html; do
  tag=$(etag "${paths[$name]}")
  if [ -n "$tag" ]; then
    row "${name} (If-None-Match → 304)" "${paths[$name]}" "$(conditional_script "$tag" "$name")"
  else
    echo "| ${name} (If-None-Match) | no ETag given | | | | | | | | |"
  fi
done
