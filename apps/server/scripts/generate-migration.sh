#!/usr/bin/env bash
# drizzle-kit writes schema-qualified references ("public"."users"); stripping the qualifier lets the same
# SQL run in any schema (tests run each file in a schema of its own).
set -euo pipefail
cd "$(dirname "$0")/.."
npx drizzle-kit generate "$@"
sed -i 's/"public"\.//g' src/db/migrations/*.sql
