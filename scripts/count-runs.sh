#!/usr/bin/env bash
# Runs the Swift test suite N times in a row on one database, as .ci/run runs it, and counts the
# runs that failed: how a flake is found and how its fix is shown (a suite that never flakes).
# For each failed run it names the tests that failed and any kernel line logged meanwhile saying
# the whole machine stood still (a workqueue or soft lockup, a hung task): no test can wait out
# a frozen machine, so such a run is told apart, not blamed on a test, and not hidden either.
# Build first (`swift build --build-tests`); each run's whole output is kept in LOG_DIR.
#
#   scripts/count-runs.sh sqlite 20 [LOG_DIR]
#   scripts/count-runs.sh postgres 20 [LOG_DIR]   # starts its own PostgreSQL (scripts/start-postgres.sh)
set -uo pipefail
cd "$(dirname "$0")/.."
database="${1:-}"
runs="${2:-}"
logs="${3:-$(mktemp -d /tmp/count-runs.XXXXXX)}"
if [[ "$database" != sqlite && "$database" != postgres ]] || ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/count-runs.sh sqlite|postgres RUNS [LOG_DIR]" >&2
  exit 1
fi
mkdir -p "$logs"
export REQUIRE_S3_TESTS="${REQUIRE_S3_TESTS:-1}" SWIFT_BACKTRACE=symbolicate=fast

if [ "$database" = postgres ]; then
  trap scripts/stop-postgres.sh EXIT
  database_url=$(scripts/start-postgres.sh) || { echo "PostgreSQL did not start" >&2; exit 1; }
fi

# One run as CI's section for that database runs it (the same widths, the restart test alone).
run_suite() {
  if [ "$database" = sqlite ]; then
    swift test --skip-build --experimental-maximum-parallelization-width 8
  else
    DATABASE_URL="$database_url" swift test --skip-build --experimental-maximum-parallelization-width 4 &&
      DATABASE_URL="$database_url" RESTART_POSTGRES_TESTS=1 swift test --skip-build --filter EventsAcrossInstancesTests
  fi
}

failed=0
for run in $(seq 1 "$runs"); do
  kernel_before=$(dmesg 2>/dev/null | wc -l)
  started=$(date +%s)
  run_suite >"$logs/run-$run.log" 2>&1
  status=$?
  seconds=$(( $(date +%s) - started ))
  if [ $status -eq 0 ]; then
    echo "run $run: green in ${seconds}s"
    continue
  fi
  failed=$(( failed + 1 ))
  echo "run $run: FAILED (exit $status) in ${seconds}s; log: $logs/run-$run.log"
  grep -E '✘ Test .* (failed|recorded an issue)' "$logs/run-$run.log" | sed 's/^/    /' | head -20
  grep -E 'Fatal error|Segmentation|signal [0-9]+' "$logs/run-$run.log" | sed 's/^/    /' | head -5
  freezes=$(dmesg 2>/dev/null | tail -n +"$(( kernel_before + 1 ))" | grep -E 'lockup|hung task|stuck for' || true)
  [ -n "$freezes" ] && printf '    the machine froze meanwhile (kernel):\n%s\n' "$(echo "$freezes" | sed 's/^/      /')"
done
echo "$database: $(( runs - failed )) of $runs runs green; logs in $logs"
[ $failed -eq 0 ]
