# Your first call: list two pets and read the rate-limit headers (standard library only).
import json
import os
import urllib.request
from datetime import datetime, timezone

base_url = os.environ.get("PETSTORE_URL", "http://localhost:4010")
api_key = os.environ.get("PETSTORE_API_KEY", "demo-free-key")

request = urllib.request.Request(f"{base_url}/pets?limit=2", headers={"X-API-Key": api_key})
with urllib.request.urlopen(request) as response:
    pets = json.load(response)
    headers = response.headers

for pet in pets:
    print(f"{pet['id']} {pet['name']} ({pet['status']})")
reset = datetime.fromtimestamp(int(headers["X-RateLimit-Reset"]), tz=timezone.utc)
print(f"{headers['X-RateLimit-Remaining']} of {headers['X-RateLimit-Limit']} requests left, until {reset.isoformat()}")
