#!/usr/bin/env bash
# Starts a throwaway PostgreSQL for tests and benchmarks: a new cluster in a temporary
# directory, listening on 127.0.0.1:${PGPORT:-54329}, with database `campusmarket`.
# Prints the DATABASE_URL to use on its last line. Stop it with scripts/stop-postgres.sh.
# Installs Debian's postgresql package first when no server is on the machine.
set -euo pipefail

port="${PGPORT:-54329}"
state_file="${PG_STATE_FILE:-/tmp/campusmarket-pg.dir}"

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "installing PostgreSQL from Debian's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql postgresql-contrib >&2
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

# initdb refuses to run as root; run the server as an unprivileged user when we are root.
run_as=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  run_as=(runuser -u postgres --)
fi

# In memory when the machine has a tmpfs at /dev/shm (PG_PARENT_DIR chooses): the tests make
# and drop a database per test, and on ext4 each of their files' creation came to search the
# recently deleted inodes of a directory that had seen thousands (600 ms to copy a 10 MB
# database after one run of the suite; 50 ms at first). The benchmarks keep theirs on disk. A
# container's small /dev/shm (64 MB by default) is passed over: the tests want about 2 GB.
parent="${PG_PARENT_DIR:-}"
if [ -z "$parent" ]; then
  parent=/tmp
  if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] \
     && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -ge 2000000 ]; then
    parent=/dev/shm
  fi
fi
dir=$(mktemp -d "$parent/campusmarket-pg.XXXXXX")
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
"${run_as[@]}" "$pg_bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
# Tuned for throwaway test data on a small machine, not for durability. PG_SHARED_BUFFERS sets
# PostgreSQL's own cache (PostgreSQL's default, 128MB, unless set): the benchmarks size it to hold
# their database, since this kind of machine pages idle file cache out within minutes.
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=1000 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=${PG_SHARED_BUFFERS:-128MB}" >&2 \
  || { cat "$dir/server.log" >&2; exit 1; }
"$pg_bin/psql" -h 127.0.0.1 -p "$port" -U postgres -qc "CREATE DATABASE campusmarket" >&2
# Created once here, as the superuser: tests migrate many schemas at once, and concurrent
# CREATE EXTENSION calls can collide.
"$pg_bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d campusmarket -qc "CREATE EXTENSION btree_gist" >&2
echo "$dir" >"$state_file"
echo "postgres://postgres@127.0.0.1:$port/campusmarket"
