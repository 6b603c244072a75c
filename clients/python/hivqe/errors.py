"""The API's refusals as exceptions: one class per status a script handles differently, all ApiError."""

import json
from typing import Mapping, Optional


class ApiError(Exception):
    """An error answer of the API: its HTTP status, machine-readable code (None from servers without one)
    and message for a person."""

    def __init__(
        self,
        status: int,
        message: str,
        code: Optional[str] = None,
        *,
        request_id: Optional[str] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(f"{status} {code or 'error'}: {message}")
        self.status = status
        self.code = code
        self.message = message
        #: The server's x-request-id, for a support request.
        self.request_id = request_id
        #: Seconds the server asked to wait (Retry-After), when it said.
        self.retry_after = retry_after


class BadRequestError(ApiError):
    """400: the request breaks a schema or a rule of the product (code says which)."""


class AuthenticationError(ApiError):
    """401: no valid token: it is wrong, expired or revoked."""


class PermissionDeniedError(ApiError):
    """403: the token's scope or the account does not allow this."""


class NotFoundError(ApiError):
    """404: no such job or scan, or not this user's."""


class ConflictError(ApiError):
    """409: the resource's state does not allow this (e.g. cancelling a finished job)."""


class UnprocessableError(ApiError):
    """422: e.g. an Idempotency-Key reused with a different body."""


class RateLimitedError(ApiError):
    """429: too many requests or too many active jobs; retry_after says how long to wait when known."""


_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableError,
    429: RateLimitedError,
}


def retry_after_seconds(headers: Mapping[str, str]) -> Optional[float]:
    """Retry-After in seconds (headers keyed in lower case) when sent as a number, as the API sends it."""
    value = headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def error_from_response(status: int, headers: Mapping[str, str], body: bytes) -> ApiError:
    """The exception for an error answer; a body that is not the API's JSON keeps its text as the message."""
    message = body.decode("utf-8", "replace").strip() or f"HTTP {status}"
    code = None
    try:
        parsed = json.loads(body)
        if isinstance(parsed, dict):
            message = str(parsed.get("message", message))
            code = parsed.get("code") if isinstance(parsed.get("code"), str) else None
    except ValueError:
        pass
    cls = _BY_STATUS.get(status, ApiError)
    return cls(
        status,
        message,
        code,
        request_id=headers.get("x-request-id"),
        retry_after=retry_after_seconds(headers),
    )
