"""A Pet Store client that behaves well under rate limits (standard library only).

1. On 429 it waits exactly what Retry-After says (whole seconds), never less.
2. On 5xx or a network error it backs off exponentially with full jitter, up to a cap.
3. It gives up after a few attempts, long before repeated 429s could earn a temporary ban.
4. On 403 api_key_banned it stops and reports when the ban ends.
"""
import json
import os
import random
import time
import urllib.error
import urllib.request


class RateLimitedError(Exception):
    def __init__(self, message, retry_after_seconds):
        super().__init__(message)
        self.retry_after_seconds = retry_after_seconds


def request(path, api_key, base_url="http://localhost:4010", max_attempts=4,
            base_delay=0.5, max_delay=30.0, sleep=time.sleep):
    """Sends a GET and returns (status, headers, parsed JSON body)."""
    for attempt in range(1, max_attempts + 1):
        try:
            req = urllib.request.Request(base_url + path, headers={"X-API-Key": api_key})
            with urllib.request.urlopen(req) as response:
                return response.status, response.headers, json.load(response)
        except urllib.error.HTTPError as error:
            status, headers = error.code, error.headers
            body = json.load(error) if error.headers.get_content_type() == "application/json" else {}
            if status == 403 and body.get("code") == "api_key_banned":
                seconds = int(headers.get("Retry-After", "0"))
                raise RateLimitedError(f"The key is banned for {seconds} more seconds.", seconds)
            if status != 429 and status < 500:
                return status, headers, body
            if attempt == max_attempts:
                if status == 429:
                    raise RateLimitedError("Still rate limited.", int(headers.get("Retry-After", "1")))
                return status, headers, body
            if status == 429:
                # Retry-After is whole seconds and never points before the reset: wait it out exactly.
                sleep(int(headers.get("Retry-After", "1")))
                continue
        except urllib.error.URLError:
            if attempt == max_attempts:
                raise
        # Exponential backoff with full jitter, capped.
        sleep(random.uniform(0, min(max_delay, base_delay * 2 ** (attempt - 1))))
    raise RuntimeError("unreachable")


if __name__ == "__main__":
    status, headers, pets = request(
        "/pets?limit=2",
        api_key=os.environ.get("PETSTORE_API_KEY", "demo-free-key"),
        base_url=os.environ.get("PETSTORE_URL", "http://localhost:4010"),
    )
    print(status, [pet["name"] for pet in pets], headers["X-RateLimit-Remaining"], "left")
