"""HTTP with the standard library: one request, its answer, and the API's errors raised as exceptions."""

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from ._contract import API_BASE
from .errors import RateLimitedError, error_from_response

Query = Mapping[str, Any]

USER_AGENT = "hivqe-python/0.1"


@dataclass(frozen=True)
class Response:
    status: int
    #: Header names in lower case.
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Transport:
    """Sends requests under `<base_url>/api/v1` with the token as a Bearer credential.

    A 429 that names a Retry-After is retried after that wait, up to `rate_limit_retries` times; the
    wait goes through `sleep` (time.sleep) so a caller can watch or shorten it.
    """

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout: float = 30.0,
        rate_limit_retries: int = 3,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.root = base_url.rstrip("/") + API_BASE
        self._token = token
        self.timeout = timeout
        self.rate_limit_retries = rate_limit_retries
        self.sleep = sleep

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Query] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Response:
        for attempt in range(self.rate_limit_retries + 1):
            try:
                return self._send(method, path, query, body, headers or {})
            except RateLimitedError as error:
                if error.retry_after is None or attempt == self.rate_limit_retries:
                    raise
                self.sleep(error.retry_after)
        raise AssertionError("unreachable")

    def _send(
        self, method: str, path: str, query: Optional[Query], body: Any, headers: Mapping[str, str]
    ) -> Response:
        url = self.root + path
        if query:
            pairs = {key: _query_value(value) for key, value in query.items() if value is not None}
            url += "?" + urllib.parse.urlencode(pairs)
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self._token}")
        request.add_header("User-Agent", USER_AGENT)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in headers.items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return Response(answer.status, _lower(answer.headers.items()), answer.read())
        except urllib.error.HTTPError as answer:
            lowered = _lower(answer.headers.items())
            raise error_from_response(answer.code, lowered, answer.read()) from None


def _lower(items: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in items}


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
