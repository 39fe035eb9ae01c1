#!/usr/bin/env bash
# Restarts the PostgreSQL started by scripts/start-postgres.sh (fast shutdown: every client
# connection is cut), as a database failover or upgrade would. Tests use it to prove that
# event streams recover.
set -euo pipefail
state_file="${PG_STATE_FILE:-/tmp/campusmarket-pg.dir}"
[ -f "$state_file" ] || { echo "no PostgreSQL started by scripts/start-postgres.sh" >&2; exit 1; }
dir=$(cat "$state_file")
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
run_as=()
[ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast -w restart -l "$dir/server.log" >/dev/null
