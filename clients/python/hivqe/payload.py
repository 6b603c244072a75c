"""The create payload the console's form sends, for molecules given in Python.

Defaults come from the console (contract.json); the checks here are the cheap ones that need no chemistry
(bond keys, orbital lists, bounds). The server makes the engine's checks (elements, electrons, orbitals within
the basis, size) and answers a BadRequestError with the console's words.
"""

import copy
import math
import re
from typing import Any, Mapping, Optional, TypedDict, Union

from ._contract import BOUNDS, CONTRACT, DEFAULT_BOND_KEY, DEFAULT_PAYLOAD

BondLength = Union[str, float]

_BOND_KEY = re.compile(CONTRACT["bond_key_pattern"])
_GEOMETRY_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


class JobSettings(TypedDict, total=False):
    """Settings a script may change; anything not given is the console's default."""

    basis: str
    active_orbitals: list[int]
    frozen_orbitals: list[int]
    charge: int
    ansatz: str
    ansatz_entanglement: str
    ansatz_reps: int
    max_iter: int
    shots: int
    max_states: int
    max_expansion_states: int
    tolerance: float
    configuration_recovery: bool
    amplitude_screening_tolerance: float
    convergence_count: int
    convergence_abstol: float
    reset_convergence_count: bool
    compute_reference: bool
    max_runtime: int


#: What the console decides from its device and account (device, back end, region, image, instance, tags).
_FIXED = frozenset(DEFAULT_PAYLOAD) - frozenset(JobSettings.__annotations__)
SETTINGS = frozenset(JobSettings.__annotations__)


class InvalidJobError(ValueError):
    """The job would be refused: raised before anything is sent."""


def diatomic(first: str, second: str, bond_length: float) -> str:
    """A two-atom geometry along z, e.g. diatomic("H", "H", 0.74) == "H 0 0 0;H 0 0 0.74"."""
    return f"{first} 0 0 0;{second} 0 0 {bond_length:g}"


def bond_key(value: BondLength) -> str:
    """A bond length as the API keys it: a decimal with a point ("1.0", "0.74")."""
    key = value if isinstance(value, str) else repr(float(value))
    if not _BOND_KEY.match(key):
        raise InvalidJobError(f"bond length must be a number with a decimal point, such as 1.0 (got {value!r})")
    return key


def bond_key_of(geometry: str) -> str:
    """A two-atom molecule's bond length as its key; the console's first key for any other molecule."""
    atoms = [atom.replace("\u2212", "-").split() for atom in geometry.split(";") if atom.strip()]
    if len(atoms) != 2 or any(len(atom) != 4 for atom in atoms):
        return DEFAULT_BOND_KEY
    if not all(_GEOMETRY_NUMBER.match(field) for atom in atoms for field in atom[1:]):
        return DEFAULT_BOND_KEY
    (_, *a), (_, *b) = atoms
    distance = math.dist([float(v) for v in a], [float(v) for v in b])
    return bond_key(round(distance, 6))


def _check(payload: Mapping[str, Any]) -> None:
    for name in ("shots", "max_iter", "max_states", "max_expansion_states"):
        value = payload[name]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= BOUNDS[name]:
            raise InvalidJobError(f"{name} must be a whole number from 1 to {BOUNDS[name]:,}")
    for name in ("active_orbitals", "frozen_orbitals"):
        orbitals = payload[name]
        if not all(isinstance(o, int) and not isinstance(o, bool) and o >= 0 for o in orbitals):
            raise InvalidJobError(f"{name} must list whole, non-negative orbital numbers")
        if len(set(orbitals)) != len(orbitals):
            raise InvalidJobError(f"{name} must not repeat an orbital")
    shared = sorted(set(payload["active_orbitals"]) & set(payload["frozen_orbitals"]))
    if shared:
        raise InvalidJobError(f"{CONTRACT['orbitals_overlap_message']} ({', '.join(map(str, shared))})")


def build_payload(
    molecules: Mapping[BondLength, str],
    *,
    exact_energies: Optional[Mapping[BondLength, float]] = None,
    name: Optional[str] = None,
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    """The console's payload for these molecules (bond length → geometry, in order): one job for one
    molecule, a scan of one job per molecule for several."""
    unknown = set(settings) - SETTINGS
    if unknown:
        fixed = " (the console sets it)" if unknown & _FIXED else ""
        raise TypeError(
            f"unknown job setting(s) {', '.join(sorted(unknown))}{fixed}; known: {', '.join(sorted(SETTINGS))}"
        )
    keyed = {bond_key(key): geometry for key, geometry in molecules.items()}
    if not keyed:
        raise InvalidJobError("A job needs at least one molecule.")
    if len(keyed) > BOUNDS["scan_jobs"]:
        raise InvalidJobError(f"A scan may hold at most {BOUNDS['scan_jobs']} bond lengths")
    energies = {bond_key(key): float(value) for key, value in (exact_energies or {}).items()}
    if not set(energies) <= set(keyed):
        raise InvalidJobError("exact_energies must name only bond lengths of the molecules")

    payload = copy.deepcopy(DEFAULT_PAYLOAD)
    payload.update(copy.deepcopy(dict(settings)))
    # As the console: neutral and the engine's own reference rule are sent as absent.
    if payload.get("charge") == 0:
        del payload["charge"]
    if payload.get("compute_reference") is False:
        del payload["compute_reference"]
    first_key, first_geometry = next(iter(keyed.items()))
    payload["molecule_geometry"] = first_geometry
    payload["geometry_tag"] = first_key
    if first_key in energies:
        payload["exact_energy"] = energies[first_key]
    if len(keyed) > 1:
        payload["molecules"] = keyed
        payload["exact_energies"] = energies
    if name is not None:
        payload["job_name"] = name
    _check(payload)
    return payload
