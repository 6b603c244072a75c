"""The HI-VQE Console API for scripts and notebooks: create jobs and scans, wait, read and download results."""

import os
import re
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Optional, Union

from ._contract import (
    DEFAULT_PAGE_SIZE,
    IDEMPOTENCY_KEY_HEADER,
    IDEMPOTENT_REPLAY_HEADER,
    PATHS,
    RESULT_FORMATS,
    TERMINAL_STATUSES,
)
from .errors import RateLimitedError
from .payload import BondLength, bond_key_of, build_payload
from .transport import Transport
from .types import CreatedJob, Job, JobPage, JobResult, Progress, Scan

ProgressCallback = Callable[[Progress], None]
ScanProgressCallback = Callable[[Scan], None]


class WaitTimeoutError(TimeoutError):
    """wait() gave up before the job or scan ended; the job goes on running."""


def _print_progress(progress: Progress) -> None:
    print(progress, flush=True)


class Client:
    """A personal access token's view of the API.

    base_url: the console's address (default: $HIVQE_URL); token: an API token made in Account Settings →
    API Tokens (default: $HIVQE_TOKEN). `sleep` is how the client waits (between polls and after a 429).
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        token: Optional[str] = None,
        *,
        timeout: float = 30.0,
        rate_limit_retries: int = 3,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        base_url = base_url or os.environ.get("HIVQE_URL")
        token = token or os.environ.get("HIVQE_TOKEN")
        if not base_url:
            raise ValueError("base_url is required (or set HIVQE_URL), e.g. https://console.example.com")
        if not token:
            raise ValueError("token is required (or set HIVQE_TOKEN): create one in Account Settings → API Tokens")
        self.base_url = base_url.rstrip("/")
        self._sleep = sleep
        self._http = Transport(
            self.base_url, token, timeout=timeout, rate_limit_retries=rate_limit_retries, sleep=sleep
        )

    def __repr__(self) -> str:
        return f"Client({self.base_url!r})"

    # Creating

    def create_job(
        self,
        geometry: str,
        *,
        bond_length: Optional[BondLength] = None,
        exact_energy: Optional[float] = None,
        name: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        **settings: Any,
    ) -> CreatedJob:
        """Creates one job for a molecule ("El x y z;El x y z" in Å) with the console's defaults, changed by
        `settings` (see hivqe.JobSettings: basis, active_orbitals, frozen_orbitals, max_iter, ...).

        The create carries an Idempotency-Key (a new one unless given): the same key and body within 24 h
        answer the first job again instead of creating another.
        """
        key = bond_length if bond_length is not None else bond_key_of(geometry)
        payload = build_payload(
            {key: geometry},
            exact_energies=None if exact_energy is None else {key: exact_energy},
            name=name,
            settings=settings,
        )
        return self._create(payload, idempotency_key)

    def create_scan(
        self,
        molecules: Mapping[BondLength, str],
        *,
        exact_energies: Optional[Mapping[BondLength, float]] = None,
        name: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        **settings: Any,
    ) -> CreatedJob:
        """Creates a bond scan: one job per bond length (Å → geometry, two or more), as the console's form
        does with several molecules. The answer's scan_id reads it with get_scan / wait_scan."""
        if len(molecules) < 2:
            raise ValueError("a scan needs two or more bond lengths; use create_job for one molecule")
        payload = build_payload(molecules, exact_energies=exact_energies, name=name, settings=settings)
        return self._create(payload, idempotency_key)

    def _create(self, payload: dict[str, Any], idempotency_key: Optional[str]) -> CreatedJob:
        key = idempotency_key or str(uuid.uuid4())
        answer = self._http.request(
            "POST", PATHS["hybrid_jobs"], body=payload, headers={IDEMPOTENCY_KEY_HEADER: key}
        )
        body = answer.json()
        scan = body.get("scan")
        return CreatedJob(
            job_arn=body["job_arn"],
            status=body["status"],
            replayed=answer.headers.get(IDEMPOTENT_REPLAY_HEADER.lower()) == "true",
            scan_id=scan["scan_id"] if scan else None,
            scan_name=scan["scan_name"] if scan else None,
            job_arns=tuple(job["job_arn"] for job in scan["jobs"]) if scan else (body["job_arn"],),
        )

    # Reading

    def get_job(self, job_arn: str) -> Job:
        return Job.from_api(self._http.request("GET", PATHS["hybrid_job"], query={"job_arn": job_arn}).json())

    def list_jobs(
        self,
        *,
        page: Optional[int] = None,
        max_results: Optional[int] = None,
        next_token: Optional[str] = None,
        status: Optional[str] = None,
        search: Optional[str] = None,
        sort: Optional[str] = None,
    ) -> JobPage:
        """One page of the caller's jobs, newest first unless `sort` says otherwise ("created_at",
        "-job_name", ...). Page by `page` (1-based) or by the previous page's next_token."""
        body = self._http.request(
            "GET",
            PATHS["hybrid_jobs"],
            query={
                "page": page,
                "max_results": max_results,
                "next_token": next_token,
                "status_filter": status,
                "q": search,
                "sort": sort,
            },
        ).json()
        return JobPage([Job.from_api(job) for job in body["jobs"]], body["next_token"], body["total_count"])

    def iter_jobs(self, *, page_size: int = DEFAULT_PAGE_SIZE, **filters: Any) -> Iterator[Job]:
        """Every job matching the filters (status, search, sort), page after page."""
        token = None
        while True:
            page = self.list_jobs(max_results=page_size, next_token=token, **filters)
            yield from page.jobs
            token = page.next_token
            if token is None:
                return

    def progress(self, job_arn: str, *, started: Optional[float] = None) -> Progress:
        """The job's status, iterations so far and latest energy."""
        job = self.get_job(job_arn)
        points = self._http.request("GET", PATHS["hybrid_job_metrics"], query={"job_arn": job_arn}).json()[
            "points"
        ]
        return Progress(
            job_arn=job_arn,
            status=job.status,
            iterations=len(points),
            energy=points[-1]["energy"] if points else None,
            elapsed_seconds=0.0 if started is None else time.monotonic() - started,
        )

    def result(self, job_arn: str) -> JobResult:
        """The job's result document (energies, sizes, history, timings); partial while it runs."""
        body = self._http.request("GET", PATHS["hybrid_job_result"], query={"job_arn": job_arn}).json()
        return JobResult(body)

    def download_result(
        self, job_arn: str, format: str = "json", path: Union[str, Path, None] = None
    ) -> bytes:
        """The file the console's Download saves, byte for byte: the result as JSON, or the iteration history
        as CSV. With `path` (a file, or a directory for the server's file name) it is also written there."""
        if format not in RESULT_FORMATS:
            raise ValueError(f"format must be one of {', '.join(RESULT_FORMATS)}")
        answer = self._http.request(
            "GET", PATHS["hybrid_job_result"], query={"job_arn": job_arn, "format": format}
        )
        if path is not None:
            target = Path(path)
            if target.is_dir():
                match = re.search(r'filename="([^"]+)"', answer.headers.get("content-disposition", ""))
                target = target / (match.group(1) if match else f"result.{format}")
            target.write_bytes(answer.body)
        return answer.body

    def get_scan(self, scan_id: str) -> Scan:
        return Scan.from_api(self._http.request("GET", PATHS["scan"], query={"scan_id": scan_id}).json())

    # Acting

    def cancel(self, job_arn: str) -> str:
        """Cancels a queued or running job; answers CANCELLING or CANCELLED. A finished job: ConflictError."""
        answer = self._http.request("POST", PATHS["hybrid_job_cancel"], query={"job_arn": job_arn})
        return answer.json()["status"]

    def cancel_scan(self, scan_id: str) -> list[str]:
        """Cancels the scan's queued and running jobs; answers the ARNs it cancelled."""
        answer = self._http.request("POST", PATHS["scan_cancel"], query={"scan_id": scan_id})
        return [job["job_arn"] for job in answer.json()["jobs"]]

    # Waiting

    def wait(
        self,
        job_arn: str,
        *,
        on_progress: Optional[ProgressCallback] = None,
        show_progress: bool = False,
        timeout: Optional[float] = None,
        poll_interval: float = 0.5,
        max_poll_interval: float = 10.0,
    ) -> Job:
        """Polls the job until it is COMPLETED, FAILED or CANCELLED and returns it (it does not raise for a
        failed job: read job.status and job.failure_reason). Each change of status or iteration count goes
        to `on_progress` (or is printed with show_progress). The pause between polls starts at
        `poll_interval` and grows by half up to `max_poll_interval` while nothing changes; a 429 waits for
        its Retry-After."""
        report = on_progress or (_print_progress if show_progress else None)
        started = time.monotonic()
        interval = poll_interval
        last: Optional[tuple[str, int]] = None
        while True:
            try:
                progress = self.progress(job_arn, started=started)
            except RateLimitedError as error:
                progress = None
                self._pause(error.retry_after or interval, started, timeout, job_arn)
            if progress is not None:
                changed = (progress.status, progress.iterations) != last
                if changed and report:
                    report(progress)
                if progress.status in TERMINAL_STATUSES:
                    return self.get_job(job_arn)
                interval = poll_interval if changed else min(interval * 1.5, max_poll_interval)
                last = (progress.status, progress.iterations)
                self._pause(interval, started, timeout, job_arn)

    def wait_scan(
        self,
        scan_id: str,
        *,
        on_progress: Optional[ScanProgressCallback] = None,
        show_progress: bool = False,
        timeout: Optional[float] = None,
        poll_interval: float = 0.5,
        max_poll_interval: float = 10.0,
    ) -> Scan:
        """Polls the scan until every job has ended and returns it; each change goes to `on_progress`
        (or a line per change is printed with show_progress)."""
        started = time.monotonic()
        interval = poll_interval
        last: Optional[tuple[str, ...]] = None
        while True:
            try:
                scan: Optional[Scan] = self.get_scan(scan_id)
            except RateLimitedError as error:
                scan = None
                self._pause(error.retry_after or interval, started, timeout, scan_id)
            if scan is not None:
                statuses = tuple(point.status for point in scan.points)
                changed = statuses != last
                if changed and on_progress:
                    on_progress(scan)
                elif changed and show_progress:
                    done = sum(status in TERMINAL_STATUSES for status in statuses)
                    print(f"{done}/{len(statuses)} done ({time.monotonic() - started:.1f} s)", flush=True)
                if scan.is_terminal:
                    return scan
                interval = poll_interval if changed else min(interval * 1.5, max_poll_interval)
                last = statuses
                self._pause(interval, started, timeout, scan_id)

    def _pause(self, seconds: float, started: float, timeout: Optional[float], what: str) -> None:
        if timeout is not None and time.monotonic() + seconds - started > timeout:
            raise WaitTimeoutError(f"{what} did not end within {timeout} s")
        self._sleep(seconds)

