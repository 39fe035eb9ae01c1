#!/usr/bin/env bash
# Search benchmark: builds release, seeds N listings, starts the server, and measures with wrk
# in one run: /healthz, then each realistic search alone, then the mix of searches.
#
#   bench/search.sh [--listings N] [--database sqlite|postgres] [--duration SECONDS]
#
# For each endpoint it prints requests/s and p50/p99 latency with 1 connection (service time)
# and with 32 connections (throughput), and the throughput as a ratio of /healthz in this run.
# Needs wrk (installed from Debian's packages if missing). PostgreSQL runs on a throwaway
# cluster from scripts/start-postgres.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

listings=100000
database=sqlite
duration=10
source bench/lib.sh
bench_options "$@"
bench_setup

seed_market

start_server 8190

# Realistic queries, built from the seeded data so they match something.
isbn=$(curl -fsS "$base/api/v1/listings?category=textbooks&limit=1" | python3 -c 'import sys,json; print(json.load(sys.stdin)["items"][0]["textbook"]["isbn"])')
deep_cursor=$(python3 - "$base" <<'PY'
import json, sys, urllib.request
base, cursor = sys.argv[1], None
for _ in range(50):  # 50 pages of 20 into the feed
    url = base + "/api/v1/listings?limit=20" + (f"&cursor={cursor}" if cursor else "")
    cursor = json.load(urllib.request.urlopen(url))["nextCursor"]
print(cursor)
PY
)
declare -A queries=(
  [keyword]="/api/v1/listings?q=desk"
  [keyword_category_price]="/api/v1/listings?q=calculus&category=textbooks&minPriceCents=2000&maxPriceCents=10000"
  [isbn]="/api/v1/listings?q=$isbn"
  [newest_page_1]="/api/v1/listings"
  [deep_cursor_page]="/api/v1/listings?cursor=$deep_cursor"
  # The feed's other shapes, as a new user tries them: browsing a category under each sort,
  # a keyword sorted by price, and a keyword with every filter.
  [category_newest]="/api/v1/listings?category=furniture&sort=newest"
  [category_price_asc]="/api/v1/listings?category=furniture&sort=price_asc"
  [category_price_desc]="/api/v1/listings?category=furniture&sort=price_desc"
  [keyword_price_asc]="/api/v1/listings?q=desk&sort=price_asc"
  [keyword_filters]="/api/v1/listings?q=desk&category=furniture&minPriceCents=1000&maxPriceCents=20000&condition=good"
  # Search as a person types: the last word is a prefix.
  [prefix]="/api/v1/listings?q=calc"
  [prefix_two_words]="/api/v1/listings?q=oak%20des"
  # The web app's feed and a search as HTML pages, against the same queries as JSON (the page
  # shows 24 listings, so the JSON rows ask for 24 too). Target: HTML ≤ 1.5× JSON.
  [json_feed_24]="/api/v1/listings?limit=24"
  [html_feed]="/"
  [json_search_24]="/api/v1/listings?q=desk&limit=24"
  [html_search]="/?q=desk"
)
order=(keyword keyword_category_price isbn newest_page_1 deep_cursor_page
       category_newest category_price_asc category_price_desc keyword_price_asc keyword_filters
       prefix prefix_two_words json_feed_24 html_feed json_search_24 html_search)

# The Zipf mix: 1,200 distinct searches built from the seeded titles' words, categories, sorts
# and price ranges, drawn with a Zipf-like law (weight 1/rank^1.1), so a few are common and most
# are rare, as on a real campus, and no cache can hold them all.
zipf_script="$data/zipf.lua"
python3 bench/zipf.py lua "$base" "$zipf_script"

# The mix: wrk picks one of the searches above at random for each request.
mix_script="$data/mix.lua"
{
  echo "local paths = {"
  for name in "${order[@]}"; do echo "  \"${queries[$name]}\","; done
  echo "}"
  echo 'math.randomseed(7)'
  echo 'request = function() return wrk.format("GET", paths[math.random(#paths)]) end'
} >"$mix_script"

# Warm caches, then measure everything in this one run.
for name in "${order[@]}"; do wrk -t1 -c4 -d2s "$base${queries[$name]}" >/dev/null; done
read -r health_rps health_p50 health_p99 health_err _ < <(measure 32 /healthz)
read -r health1_rps health1_p50 health1_p99 _ < <(measure 1 /healthz)

echo
echo "CampusMarket search benchmark: $listings listings on $database, release build, $(nproc) cores, wrk ${duration}s per row (seeded in ${seed_seconds}s)"
echo
echo "| endpoint | 1 conn req/s | 1 conn p50 ms | 1 conn p99 ms | 32 conn req/s | 32 conn p50 ms | 32 conn p99 ms | ratio to /healthz (32 conn) | non-2xx |"
echo "|---|---|---|---|---|---|---|---|---|"
echo "| /healthz | $health1_rps | $health1_p50 | $health1_p99 | $health_rps | $health_p50 | $health_p99 | 1.00 | $health_err |"
for name in "${order[@]}"; do
  read -r rps1 p50_1 p99_1 _ < <(measure 1 "${queries[$name]}")
  read -r rps p50 p99 err _ < <(measure 32 "${queries[$name]}")
  ratio=$(python3 -c "print(f'{$rps / $health_rps:.2f}')")
  echo "| $name | $rps1 | $p50_1 | $p99_1 | $rps | $p50 | $p99 | $ratio | $err |"
done
read -r mix_rps1 mix_p50_1 mix_p99_1 _ < <(measure 1 / "$mix_script")
read -r mix_rps mix_p50 mix_p99 mix_err _ < <(measure 32 / "$mix_script")
ratio=$(python3 -c "print(f'{$mix_rps / $health_rps:.2f}')")
echo "| **search mix** | $mix_rps1 | $mix_p50_1 | $mix_p99_1 | $mix_rps | $mix_p50 | $mix_p99 | **$ratio** | $mix_err |"
read -r zipf_rps1 zipf_p50_1 zipf_p99_1 _ < <(measure 1 / "$zipf_script")
read -r zipf_rps zipf_p50 zipf_p99 zipf_err _ < <(measure 32 / "$zipf_script")
ratio=$(python3 -c "print(f'{$zipf_rps / $health_rps:.2f}')")
echo "| **Zipf mix (1,200 searches)** | $zipf_rps1 | $zipf_p50_1 | $zipf_p99_1 | $zipf_rps | $zipf_p50 | $zipf_p99 | **$ratio** | $zipf_err |"
echo
echo "Queries: keyword = \`${queries[keyword]}\`; keyword_category_price = \`${queries[keyword_category_price]}\`; isbn = \`/api/v1/listings?q=<a seeded ISBN>\`; newest_page_1 = \`/api/v1/listings\`; deep_cursor_page = page 51 of the feed by cursor."
