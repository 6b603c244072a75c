"""Makes a user on a fresh local console and prints two API tokens for the tests (jobs, then read).

The user signs up in the operating company's domain (INTERNAL_EMAIL_DOMAIN), so their jobs run without a
subscription, and confirms with the code the outbox kept (the dev mailbox, open on loopback only), as a
person on the server's machine would. The tokens are made through the API with the user's session.

    python3 sign_up.py http://127.0.0.1:8080 internal.example.com
"""

import json
import re
import sys
import time
import urllib.error
import urllib.request

PASSWORD = "python-client-tests-1"
DEADLINE_S = 120


def call(url: str, body: dict, token: str = "") -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def poll(what: str, probe):
    """probe() until it returns something, or fail after DEADLINE_S; the server answers as soon as it can."""
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        value = probe()
        if value is not None:
            return value
        time.sleep(0.2)
    sys.exit(f"timed out waiting for {what}")


def healthy(root: str):
    try:
        with urllib.request.urlopen(f"{root}/api/v1/health", timeout=5) as answer:
            return True if answer.status == 200 else None
    except (urllib.error.URLError, ConnectionError):
        return None


def mailed_code(root: str, email: str):
    with urllib.request.urlopen(f"{root}/dev/mailbox", timeout=10) as answer:
        page = answer.read().decode()
    for article in page.split("<article>"):
        if f"To: {email}" in article:
            match = re.search(r"Your confirmation code is (\d{6})", article)
            if match:
                return match.group(1)
    return None


def main(root: str, domain: str) -> None:
    api = f"{root}/api/v1"
    poll("the server to start", lambda: healthy(root))
    email = f"python-{int(time.time())}@{domain}"
    call(f"{api}/auth/register", {"username": email, "email": email, "password": PASSWORD})
    code = poll("the confirmation mail", lambda: mailed_code(root, email))
    call(f"{api}/auth/confirm-email", {"username": email, "confirmation_code": code, "password": PASSWORD})
    session = call(f"{api}/auth/login", {"username": email, "password": PASSWORD})["access_token"]
    for scope in ("jobs", "read"):
        request = {"name": f"tests ({scope})", "scope": scope, "expires_in_days": 1}
        made = call(f"{api}/account/api-tokens", request, session)
        print(made["token"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
