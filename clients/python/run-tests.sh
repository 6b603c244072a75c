#!/usr/bin/env bash
# The Python client's tests against a live console: starts the API as `npm start` does with its embedded
# defaults (PGlite in a temporary directory, the local engine, mail kept in the outbox) on a free port, makes
# a user and two API tokens through the API, runs the unittest suite with HIVQE_URL / HIVQE_TOKEN set, and
# stops the server. Also fails when hivqe/contract.json no longer matches packages/contract.
set -euo pipefail
cd "$(dirname "$0")/../.."

npx tsx clients/python/tools/export-contract.ts --check

work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
domain=internal.python-tests.example.com

DATABASE_URL='' SMTP_URL='' PORT="$port" HOST=127.0.0.1 PUBLIC_URL="$url" DATA_DIR="$work/data" \
  INTERNAL_EMAIL_DOMAIN="$domain" LOG_LEVEL=warn \
  node --import tsx apps/server/src/main.ts >"$work/server.log" 2>&1 &
server=$!

stop() {
  status=$?
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  if [ "$status" -ne 0 ]; then
    echo '--- server log ---' >&2
    cat "$work/server.log" >&2
  fi
  rm -rf "$work"
  exit "$status"
}
trap stop EXIT

mapfile -t tokens < <(python3 clients/python/tools/sign_up.py "$url" "$domain")
export PYTHONDONTWRITEBYTECODE=1 HIVQE_URL="$url" HIVQE_TOKEN="${tokens[0]}" HIVQE_READ_TOKEN="${tokens[1]}"
python3 -m unittest discover -s clients/python/tests -v "$@"
