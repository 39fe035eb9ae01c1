#!/usr/bin/env bash
# Stops the PostgreSQL started by scripts/start-postgres.sh and removes its files.
set -uo pipefail
state_file="${PG_STATE_FILE:-/tmp/campusmarket-pg.dir}"
[ -f "$state_file" ] || exit 0
dir=$(cat "$state_file")
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
run_as=()
[ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1
rm -rf "$dir" "$state_file"
