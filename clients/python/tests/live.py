"""What the live tests share: the client of the server run-tests.sh started, and the small H2 job."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hivqe import Client, diatomic  # noqa: E402

#: Exact (CASCI) ground-state energy of H2 at 0.74 Å in STO-3G, as the server's own tests use it.
H2_ENERGY = -1.137283834
#: Chemical accuracy, 1.6 mHa.
CHEMICAL_ACCURACY = 1.6e-3
H2 = diatomic("H", "H", 0.74)
#: H2 in STO-3G on both of its orbitals: the engine finishes it in well under a second.
H2_SETTINGS = {"basis": "sto-3g", "active_orbitals": [0, 1], "frozen_orbitals": []}
#: Longest any job or scan of these tests may take on a loaded machine before the test fails.
WORK_TIMEOUT_S = 120


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set: run the suite with clients/python/run-tests.sh")
    return value


def client(token_variable: str = "HIVQE_TOKEN") -> Client:
    return Client(env("HIVQE_URL"), env(token_variable))
