#!/usr/bin/env bash
# bench/settle-postgres.sh URL: a freshly seeded PostgreSQL database brought to the state of one
# that has been answering a while, before a benchmark measures it (bench/lib.sh's seed_market and
# bench/campus-peak.py call it).
#
# - Statistics (ANALYZE): they pick the rarest word a search walks.
# - Every page marked all-visible (VACUUM): a walk of a word's entries (listing_terms) reads them
#   from the index alone only there, newest first. A running campus has all but its newest entries
#   marked (UpdateListingTermsVacuumSooner); a market seeded in seconds is left with whole stretches
#   unmarked by a first VACUUM: on 2026-12-07 the newest 40% of listings' and listing_terms' pages
#   at 100,000 listings, whose walks then read the table too (0.16 ms a window edge against 0.05).
#   So it vacuums until they are marked, waiting out autovacuum between rounds.
# - Every table and index in PostgreSQL's cache (the benchmarks size it to hold them).
set -euo pipefail
url=${1:?usage: bench/settle-postgres.sh DATABASE_URL}
query() { psql "$url" -qAtc "$1"; }

psql "$url" -qc "VACUUM ANALYZE" >&2
unmarked="SELECT coalesce(sum(relpages - relallvisible), 0) FROM pg_class WHERE relname IN ('listings', 'listing_terms')"
for round in 1 2 3 4 5; do
  left=$(query "$unmarked")
  [ "$left" = 0 ] && break
  while [ "$(query "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'")" != 0 ]; do sleep 1; done
  echo "vacuum round $((round + 1)): $left pages of listings and listing_terms not yet all-visible" >&2
  psql "$url" -qc "VACUUM" >&2
done
left=$(query "$unmarked")
[ "$left" = 0 ] || echo "warning: $left pages of listings and listing_terms still not all-visible" >&2
query "CREATE EXTENSION IF NOT EXISTS pg_prewarm" >/dev/null
query "SELECT sum(pg_prewarm(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i', 'm', 't')" >/dev/null
