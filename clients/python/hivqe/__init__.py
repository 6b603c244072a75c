"""Python client of the HI-VQE Console API (standard library only).

    from hivqe import Client
    client = Client("https://console.example.com", token="hvq_pat_...")
    job = client.wait(client.create_job("H 0 0 0;H 0 0 0.74", basis="sto-3g").job_arn)
"""

from .client import Client, WaitTimeoutError
from .errors import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitedError,
    UnprocessableError,
)
from .payload import InvalidJobError, JobSettings, diatomic
from .table import format_table
from .types import CreatedJob, Job, JobPage, JobResult, Progress, Scan, ScanPoint

__version__ = "0.1.0"

__all__ = [
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ConflictError",
    "CreatedJob",
    "InvalidJobError",
    "Job",
    "JobPage",
    "JobResult",
    "JobSettings",
    "NotFoundError",
    "PermissionDeniedError",
    "Progress",
    "RateLimitedError",
    "Scan",
    "ScanPoint",
    "UnprocessableError",
    "WaitTimeoutError",
    "diatomic",
    "format_table",
]
