#!/usr/bin/env bash
# Times each query of a list against a running server: the median of 7 requests, one at a time.
#
#   bench/each-query.sh BASE FILE      e.g. bench/each-query.sh http://127.0.0.1:8190 bench/rare-filters.txt
#
# For looking at single shapes after a change (with a server on `campusmarket seed` data);
# bench/search.sh is the benchmark of record.
set -euo pipefail
base=$1
while read -r path; do
  [ -z "$path" ] && continue
  for _ in 1 2 3 4 5 6 7; do curl -s -o /dev/null -w "%{time_total}\n" "$base$path"; done \
    | sort -n | sed -n 4p | awk -v q="$path" '{printf "%8.2f ms  %s\n", $1*1000, q}'
done < "$2"
