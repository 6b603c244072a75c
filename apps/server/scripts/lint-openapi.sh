#!/usr/bin/env bash
# Lints the API's OpenAPI document, as the server serves it, with Redocly and Spectral (issue 28 §2).
set -euo pipefail
cd "$(dirname "$0")/../../.."
document="$(mktemp --suffix=.json)"
trap 'rm -f "$document"' EXIT
npx tsx apps/server/scripts/openapi-document.ts > "$document"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint "$document" --config redocly.yaml --max-problems 1000
npx spectral lint "$document" --ruleset .spectral.yaml --fail-severity=hint
