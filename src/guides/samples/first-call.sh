#!/usr/bin/env bash
# Your first call: list two pets. -i prints the response headers too.
curl -i "${PETSTORE_URL:-http://localhost:4010}/pets?limit=2" \
  --header "X-API-Key: ${PETSTORE_API_KEY:-demo-free-key}"
