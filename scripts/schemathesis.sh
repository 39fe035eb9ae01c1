#!/usr/bin/env bash
# Fuzzes a running server against openapi.yaml with schemathesis.
# Usage: [TEXTTRADER_KEY=cmk_...] scripts/schemathesis.sh http://127.0.0.1:8091 [max-examples]
# TEXTTRADER_KEY is a key from `campusmarket create-api-key` for the same database; without it
# the /texttrader routes are fuzzed without a key (every answer then a 401).
# Fails on any server error, schema violation, wrong status code, wrong content type, or any
# other schemathesis check except "positive_data_acceptance": the API validates more than
# JSON Schema can say (an email must look like one, a new password needs the current one),
# so schema-valid input may rightly be refused with 422; and "use_after_free": a listing that
# transactions refer to is archived, not deleted (the DELETE answer says so), and stays readable
# to its seller.
set -euo pipefail
base="${1:?base URL}"
examples="${2:-100}"
checks_excluded="positive_data_acceptance,use_after_free"

token() {
  local email="fuzz-$RANDOM$RANDOM@campus.edu"
  curl -fsS -X POST "$base/api/v1/auth/register" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"fuzzing-password\",\"name\":\"Fuzzer\"}" \
    | python3 -c 'import sys, json; print(json.load(sys.stdin)["token"])'
}

common=(--max-examples "$examples" --seed 20261122 --exclude-checks "$checks_excluded"
        --generation-deterministic --suppress-health-check all --request-timeout 10)
if [ -n "${TEXTTRADER_KEY:-}" ]; then common+=(-H "x-api-key: $TEXTTRADER_KEY"); fi

# Pass 1: everything that keeps the token alive.
st run "$base/openapi.yaml" --url "$base" -H "Authorization: Bearer $(token)" "${common[@]}" \
  --exclude-operation-id logout --exclude-operation-id deleteAccount --exclude-operation-id textTraderDeleteUser \
  --exclude-operation-id streamEvents
# Pass 2: the operations that end the session, each with a fresh account.
st run "$base/openapi.yaml" --url "$base" -H "Authorization: Bearer $(token)" "${common[@]}" \
  --include-operation-id logout
st run "$base/openapi.yaml" --url "$base" -H "Authorization: Bearer $(token)" "${common[@]}" \
  --include-operation-id deleteAccount
st run "$base/openapi.yaml" --url "$base" -H "Authorization: Bearer $(token)" "${common[@]}" \
  --include-operation-id textTraderDeleteUser
