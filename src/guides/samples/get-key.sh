#!/usr/bin/env bash
# Get a sandbox key of your own, on the Free plan. It needs no key.
curl -s -X POST "${PETSTORE_URL:-http://localhost:4010}/sandbox/keys" \
  --header "Content-Type: application/json" \
  --data '{"plan": "free"}'
