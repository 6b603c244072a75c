"""Typed views of the API's answers. Each keeps the answer it came from as `raw`."""

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, TypedDict

from ._contract import HISTORY_COLUMNS, TERMINAL_STATUSES
from .table import format_table


class HistoryPoint(TypedDict):
    """One HI-VQE iteration as the API sends it."""

    costFunctionCall: int
    energy: float
    error: Optional[float]
    numStates: int
    timestamp: str


class Energies(TypedDict):
    final: float
    rhf: float
    nuclear_repulsion: float
    casci: Optional[float]


class Reference(TypedDict):
    energy: float
    #: "user" (an exact energy given at create) or "casci" (the engine's).
    source: str


class MoleculeResult(TypedDict, total=False):
    """One molecule of a job's result (the API sends more fields; these are the ones scripts read most)."""

    geometry_tag: Optional[str]
    molecule_geometry: str
    energies: Optional[Energies]
    reference: Optional[Reference]
    error_mha: Optional[float]
    within_chemical_accuracy: Optional[bool]
    subspace_size: Optional[int]
    iterations: Optional[int]
    engine_seconds: Optional[float]


@dataclass(frozen=True)
class CreatedJob:
    job_arn: str
    status: str
    #: True when the server answered a repeated Idempotency-Key with the first create's job.
    replayed: bool = False
    #: The scan's id when the create made a scan (two or more bond lengths).
    scan_id: Optional[str] = None
    scan_name: Optional[str] = None
    #: Every job of the scan, shortest bond length first as sent; just this job otherwise.
    job_arns: tuple[str, ...] = ()


@dataclass(frozen=True)
class Job:
    job_arn: str
    job_name: str
    status: str
    device: str
    backend: str
    created_at: str
    started_at: Optional[str]
    ended_at: Optional[str]
    failure_reason: Optional[str]
    hyperparameters: dict[str, str] = field(repr=False)
    scan_id: Optional[str]
    raw: dict[str, Any] = field(repr=False)

    @property
    def is_terminal(self) -> bool:
        return self.status in TERMINAL_STATUSES

    @classmethod
    def from_api(cls, raw: dict[str, Any]) -> "Job":
        scan = raw.get("scan") or {}
        return cls(
            job_arn=raw["job_arn"],
            job_name=raw["job_name"],
            status=raw["status"],
            device=raw["device"],
            backend=raw["backend"],
            created_at=raw["created_at"],
            started_at=raw.get("started_at"),
            ended_at=raw.get("ended_at"),
            failure_reason=raw.get("failure_reason"),
            hyperparameters=dict(raw.get("hyperparameters") or {}),
            scan_id=scan.get("scan_id"),
            raw=raw,
        )


@dataclass(frozen=True)
class JobPage:
    jobs: list[Job]
    #: Pass to list_jobs(next_token=...) for the next page; None on the last page.
    next_token: Optional[str]
    #: Jobs matching the filters over all pages.
    total_count: int


@dataclass(frozen=True)
class Progress:
    """What wait() reports on each poll."""

    job_arn: str
    status: str
    #: Iterations the engine has finished so far.
    iterations: int
    #: The latest iteration's energy (Ha), None before the first.
    energy: Optional[float]
    elapsed_seconds: float

    def __str__(self) -> str:
        energy = "" if self.energy is None else f", E = {self.energy:.6f} Ha"
        return f"{self.status:<10} {self.iterations:>4} iterations{energy} ({self.elapsed_seconds:.1f} s)"


#: Each CSV column from an iteration's number and point, by the column's name: a column the contract adds
#: without a cell here fails loudly (KeyError) instead of shifting the others.
_HISTORY_CELLS: dict[str, Callable[[int, HistoryPoint], Any]] = {
    "iteration": lambda index, _point: index,
    "cost_function_call": lambda _index, point: point["costFunctionCall"],
    "energy_ha": lambda _index, point: point["energy"],
    "error_mha": lambda _index, point: None if point["error"] is None else point["error"] * 1000,
    "subspace_size": lambda _index, point: point["numStates"],
    "timestamp": lambda _index, point: point["timestamp"],
}


@dataclass(frozen=True)
class JobResult:
    """A job's result document (GET .../result): `document` is the API's JSON as a dict."""

    document: dict[str, Any] = field(repr=False)

    @property
    def job_arn(self) -> str:
        return self.document["job_arn"]

    @property
    def status(self) -> str:
        return self.document["status"]

    @property
    def molecules(self) -> list[MoleculeResult]:
        return self.document["molecules"]

    @property
    def history(self) -> list[HistoryPoint]:
        return self.document["history"]

    @property
    def energy(self) -> Optional[float]:
        """The first molecule's final energy in Hartree; None until it has one."""
        energies = self.molecules[0].get("energies") if self.molecules else None
        return energies["final"] if energies else None

    @property
    def error_mha(self) -> Optional[float]:
        """(final − reference) in mHa for the first molecule; None without a reference."""
        return self.molecules[0].get("error_mha") if self.molecules else None

    def rows(self) -> list[dict[str, Any]]:
        """The iteration history as rows with the columns and units of the CSV download (numbered from 1)."""
        return [
            {column: _HISTORY_CELLS[column](index, point) for column in HISTORY_COLUMNS}
            for index, point in enumerate(self.history, start=1)
        ]

    def table(self) -> str:
        return format_table(self.rows())


@dataclass(frozen=True)
class ScanPoint:
    job_arn: str
    status: str
    #: Å, from the bond-length key the job was created under.
    bond_length: float
    energy: Optional[float]
    error_mha: Optional[float]
    failure_reason: Optional[str]
    result: MoleculeResult = field(repr=False)


@dataclass(frozen=True)
class Scan:
    """A bond scan: one job per bond length, shortest first."""

    scan_id: str
    scan_name: str
    created_at: str
    points: list[ScanPoint]
    raw: dict[str, Any] = field(repr=False)

    @property
    def is_terminal(self) -> bool:
        return all(point.status in TERMINAL_STATUSES for point in self.points)

    def curve(self) -> list[tuple[float, Optional[float]]]:
        """(bond length Å, final energy Ha) per point, shortest first; None where a job has no energy."""
        return [(point.bond_length, point.energy) for point in self.points]

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                "bond_length": point.bond_length,
                "status": point.status,
                "energy_ha": point.energy,
                "error_mha": point.error_mha,
            }
            for point in self.points
        ]

    def table(self) -> str:
        return format_table(self.rows())

    @classmethod
    def from_api(cls, raw: dict[str, Any]) -> "Scan":
        points = []
        for job in raw["jobs"]:
            result = job["result"]
            energies = result.get("energies")
            points.append(
                ScanPoint(
                    job_arn=job["job_arn"],
                    status=job["status"],
                    bond_length=job["bond_length"],
                    energy=energies["final"] if energies else None,
                    error_mha=result.get("error_mha"),
                    failure_reason=job.get("failure_reason"),
                    result=result,
                )
            )
        return cls(raw["scan_id"], raw["scan_name"], raw["created_at"], points, raw)
