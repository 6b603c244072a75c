#!/usr/bin/env python3
"""Reference CASCI energies from CheMPS2's DMRG in natural orbitals, for active spaces where
DMRG in the canonical orbitals converges too slowly in the bond dimension.

The CASCI energy does not change when the active orbitals are rotated among themselves, but the
bond dimension DMRG needs for a given accuracy does: in the natural orbitals of the correlated
state, the entanglement along the chain is smaller. So this:

  1. runs Psi4's RHF (with the molecule's point group) and writes every orbital's integrals with
     Psi4's fcidump (no frozen orbitals: Psi4's frozen-core FCIDUMP is not used, see below);
  2. checks the integrals against Psi4's RHF energy, freezes the case's core orbitals itself
     (chosen by orbital energy, checked against the case's per-irrep counts in
     dmrg-reference.py) and keeps its active orbitals;
  3. runs a warm-up DMRG in the canonical orbitals at a small bond dimension, builds the one-
     particle density matrix from its two-particle one and diagonalises it irrep by irrep;
  4. runs DMRG in those natural orbitals with a growing bond dimension, each step first with
     noise and then without until a sweep moves the energy by less than 1e-7 Eh, and prints
     per bond dimension the energy, the largest discarded weight of its last sweep and the
     change from the previous bond dimension.

    python3 dmrg-natural.py C --warmup 250 --bond 500 700 1000 --workdir /tmp/dmrg-nat

Needs Psi4 (`psi4` on PATH, or --psi4 PATH), CheMPS2's Python module (Debian: python3-chemps2)
and NumPy. One thread (OMP_NUM_THREADS=1) unless --threads says otherwise. Why Psi4's
frozen-core FCIDUMP is not used: for N2 with frozen_docc it wrote the frozen-core operator for
fewer orbitals than NORB (49 one-electron lines for 26 orbitals, none for the last two), so the
freezing is done here from the all-orbital integrals, where the RHF energy checks them.
"""

import argparse
import importlib.util
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('dmrg_reference', os.path.join(HERE, 'dmrg-reference.py'))
dmrg_reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(dmrg_reference)
CASES = dmrg_reference.CASES

# FCIDUMP irreps follow Molpro's numbering; CheMPS2 and Psi4 number them Psi4's way.
MOLPRO_TO_PSI4 = {
    'd2h': {1: 0, 2: 7, 3: 6, 4: 1, 5: 5, 6: 2, 7: 3, 8: 4},  # Ag B3u B2u B1g B1u B2g B3g Au
    'c2v': {1: 0, 2: 2, 3: 3, 4: 1},  # A1 B1 B2 A2
}
CHEMPS2_GROUP_NUMBER = {'d2h': 7, 'c2v': 5}
# The chain order of irreps, bonding next to antibonding (CheMPS2's own D2h reordering).
CHAIN_IRREPS = {'d2h': [0, 5, 7, 2, 6, 3, 1, 4], 'c2v': [0, 2, 3, 1]}

PSI4_INPUT = dmrg_reference.RHF_TEMPLATE + '''\
print_out('@point group: %s\\n' % wfn.molecule().point_group().symbol())
fcidump(wfn, '{fcidump}', oe_ints=['EIGENVALUES'])
'''


def write_integrals(case, workdir, psi4):
    """Psi4's RHF and all-orbital FCIDUMP; returns (FCIDUMP path, RHF energy, point group)."""
    path = os.path.join(workdir, 'FCIDUMP')
    inp, out = os.path.join(workdir, 'rhf.in'), os.path.join(workdir, 'rhf.out')
    with open(inp, 'w') as f:
        f.write(PSI4_INPUT.format(geometry=case['geometry'], fcidump=path))
    subprocess.run([psi4, '-n', '1', '-s', workdir, inp, out], check=True, cwd=workdir)
    with open(out) as f:
        text = f.read()
    group = re.search(r'@point group: (\w+)', text).group(1).lower()
    if group not in MOLPRO_TO_PSI4:
        raise SystemExit('point group %s: only D2h and C2v are mapped' % group)
    return path, float(re.search(r'@RHF energy: (-?\d+\.\d+)', text).group(1)), group


def read_fcidump(path, group):
    """Integrals of a Psi4 FCIDUMP: (electrons, irreps (Psi4 numbering), orbital energies, h,
    (pq|rs) as a full array, constant)."""
    with open(path) as f:
        header, body = f.read().split('&END', 1)
    norb = int(re.search(r'NORB=\s*(\d+)', header).group(1))
    nelec = int(re.search(r'NELEC=\s*(\d+)', header).group(1))
    orbsym = [int(x) for x in re.search(r'ORBSYM=([\d,\s]+)', header).group(1).replace('\n', '').split(',') if x.strip()]
    irreps = [MOLPRO_TO_PSI4[group][s] for s in orbsym]
    h = np.zeros((norb, norb))
    eri = np.zeros((norb,) * 4)
    eps = np.zeros(norb)
    constant = 0.0
    for line in body.splitlines():
        fields = line.split()
        if len(fields) != 5:
            continue
        value = float(fields[0])
        i, j, k, l = (int(x) - 1 for x in fields[1:])
        if i < 0:
            constant = value
        elif j < 0:
            eps[i] = value
        elif k < 0:
            h[i, j] = h[j, i] = value
        else:
            for a, b, c, d in ((i, j, k, l), (k, l, i, j)):
                eri[a, b, c, d] = eri[b, a, c, d] = eri[a, b, d, c] = eri[b, a, d, c] = value
    return nelec, irreps, eps, h, eri, constant


def closed_shell_energy(occupied, h, eri, constant):
    return constant + sum(2 * h[i, i] for i in occupied) + sum(
        2 * eri[i, i, j, j] - eri[i, j, j, i] for i in occupied for j in occupied)


def choose_spaces(case, irreps, eps):
    """Frozen and active orbitals by orbital energy, checked against the case's irrep counts."""
    by_energy = sorted(range(len(eps)), key=lambda p: eps[p])
    frozen = by_energy[:case['n_frozen']]
    active = by_energy[case['n_frozen']:case['n_frozen'] + case['n_active']]
    for name, space, expected in (('frozen', frozen, case['restricted_docc']), ('active', active, case['active'])):
        counts = [sum(1 for p in space if irreps[p] == g) for g in range(len(expected))]
        if counts != expected:
            raise SystemExit('%s orbitals per irrep %s, the case says %s' % (name, counts, expected))
    return frozen, active


def freeze(frozen, active, h, eri, constant):
    """The active-space Hamiltonian with the frozen orbitals doubly occupied."""
    constant = closed_shell_energy(frozen, h, eri, constant)
    core = h.copy()
    for c in frozen:
        core += 2 * eri[:, :, c, c] - eri[:, c, c, :]
    return core[np.ix_(active, active)], eri[np.ix_(active, active, active, active)], constant


def rotate(u, h, eri):
    """h and (pq|rs) in the orbitals given by u's columns."""
    h = u.T @ h @ u
    for axis in range(4):
        eri = np.moveaxis(np.tensordot(eri, u, axes=([axis], [0])), -1, axis)
    return h, eri


def chain_order(irreps, group, rank):
    """Orbitals along the chain: irreps in CHAIN_IRREPS order, by rank within each."""
    sequence = CHAIN_IRREPS[group]
    return sorted(range(len(irreps)), key=lambda p: (sequence.index(irreps[p]), rank[p]))


def solve(PyCheMPS2, irreps, group, h, eri, constant, nelec, order, steps, log, want_rdm=False):
    """DMRG over the orbitals in `order`; steps are (D, energy convergence, max sweeps, noise,
    Davidson tolerance); the solver's output goes to `log`. Returns (energy, the one-particle
    density matrix in the given orbitals' indices with want_rdm, else None, wall s)."""
    n = len(order)
    ham = PyCheMPS2.PyHamiltonian(n, CHEMPS2_GROUP_NUMBER[group], np.array([irreps[p] for p in order], dtype=np.int32))
    ham.setEconst(constant)
    for a in range(n):
        for b in range(n):
            if irreps[order[a]] == irreps[order[b]]:
                ham.setTmat(a, b, h[order[a], order[b]])
    for a in range(n):
        for b in range(n):
            for c in range(n):
                for d in range(n):
                    if irreps[order[a]] ^ irreps[order[b]] == irreps[order[c]] ^ irreps[order[d]]:
                        # CheMPS2 takes physicists' <ab|cd> = (ac|bd)
                        ham.setVmat(a, b, c, d, eri[order[a], order[c], order[b], order[d]])
    problem = PyCheMPS2.PyProblem(ham, 0, nelec, 0)
    scheme = PyCheMPS2.PyConvergenceScheme(len(steps))
    for index, step in enumerate(steps):
        scheme.set_instruction(index, *step)
    # The solver prints to the process's stdout; keep it in a file for the per-step figures.
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(log.fileno(), 1)
    try:
        start = time.monotonic()
        dmrg = PyCheMPS2.PyDMRG(problem, scheme)
        energy = dmrg.Solve()
        wall = time.monotonic() - start
        rdm = None
        if want_rdm:
            dmrg.calc2DMandCorrelations()
            gamma = np.array([[sum(dmrg.get2DMA(a, k, b, k) for k in range(n)) for b in range(n)] for a in range(n)]) / (nelec - 1)
            rdm = np.zeros((n, n))
            rdm[np.ix_(order, order)] = gamma
        dmrg.deleteStoredOperators()
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
    return energy, rdm, wall


def instruction_results(log_path):
    """(D, lowest energy of the last sweep, largest discarded weight of the last sweep) per
    completed instruction, from the solver's output."""
    with open(log_path) as f:
        text = f.read()
    pattern = (r'completed instruction \d+:\s*\n.*?DSU\(2\)\s*=\s*(\d+).*?'
               r'during the last sweep\s*=\s*([-\d.eE+]+).*?discarded weight during the last sweep\s*=\s*([-\d.eE+]+)')
    return [(int(d), float(e), float(w)) for d, e, w in re.findall(pattern, text, re.S)]


def natural_orbitals(rdm, irreps):
    """Eigenvectors of the one-particle density matrix within each irrep, and occupations."""
    n = len(irreps)
    u = np.zeros((n, n))
    occupations = np.zeros(n)
    for g in sorted(set(irreps)):
        block = [p for p in range(n) if irreps[p] == g]
        values, vectors = np.linalg.eigh(rdm[np.ix_(block, block)])
        for column, p in enumerate(block):
            u[block, p] = vectors[:, column]
            occupations[p] = values[column]
    return u, occupations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('case', choices=sorted(CASES))
    parser.add_argument('--warmup', type=int, default=250, help='bond dimension of the canonical-orbital run')
    parser.add_argument('--bond', type=int, nargs='+', required=True, help='growing bond dimensions in natural orbitals')
    parser.add_argument('--workdir', default=None, help='integrals, logs and scratch (default: a new temporary folder)')
    parser.add_argument('--psi4', default='psi4')
    parser.add_argument('--threads', type=int, default=1)
    args = parser.parse_args()
    os.environ['OMP_NUM_THREADS'] = str(args.threads)
    import PyCheMPS2  # after OMP_NUM_THREADS, which the OpenMP runtime reads once

    case = CASES[args.case]
    workdir = os.path.abspath(args.workdir or tempfile.mkdtemp(prefix='dmrg-natural-'))
    os.makedirs(workdir, exist_ok=True)
    os.chdir(workdir)  # CheMPS2 keeps its renormalised operators in the working directory's tmp
    print('# %s: %s, DMRG in natural orbitals (workdir %s)' % (args.case, case['label'], workdir))

    fcidump, e_rhf, group = write_integrals(case, workdir, args.psi4)
    nelec, irreps, eps, h, eri, constant = read_fcidump(fcidump, group)
    occupied = sorted(range(len(eps)), key=lambda p: eps[p])[:nelec // 2]
    e_check = closed_shell_energy(occupied, h, eri, constant)
    print('# RHF %.10f, from the integrals %.10f' % (e_rhf, e_check))
    if abs(e_check - e_rhf) > 1e-7:
        raise SystemExit('the integrals do not give the RHF energy')
    frozen, active = choose_spaces(case, irreps, eps)
    h, eri, constant = freeze(frozen, active, h, eri, constant)
    irreps = [irreps[p] for p in active]
    nelec -= 2 * len(frozen)

    PyCheMPS2.PyInitialize().Init()
    warmup_log = open(os.path.join(workdir, 'warmup.log'), 'w')
    order = chain_order(irreps, group, list(range(len(irreps))))  # canonical: by orbital energy
    # The natural orbitals need only be near those of the exact state: a short schedule.
    steps = [(args.warmup // 2, 1e-5, 2, 0.05, 1e-5), (args.warmup, 1e-5, 2, 0.05, 1e-6), (args.warmup, 1e-6, 3, 0.0, 1e-7)]
    e_warm, rdm, wall = solve(PyCheMPS2, irreps, group, h, eri, constant, nelec, order, steps, warmup_log, want_rdm=True)
    u, occupations = natural_orbitals(rdm, irreps)
    print('# warm-up, canonical orbitals, D = %d: %.9f (%.0f s); trace of the density matrix %.9f'
          % (args.warmup, e_warm, wall, np.trace(rdm)))
    print('# natural occupations: ' + ' '.join('%.5f' % x for x in sorted(occupations, reverse=True)))
    h, eri = rotate(u, h, eri)

    steps = []
    for d in args.bond:
        steps += [(d, 1e-6, 2, 0.03, 1e-6), (d, 1e-7, 4, 0.0, 1e-8)]
    final_log = open(os.path.join(workdir, 'natural.log'), 'w')
    order = chain_order(irreps, group, -occupations)  # most occupied first
    e_final, _, wall = solve(PyCheMPS2, irreps, group, h, eri, constant, nelec, order, steps, final_log)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print('# %6s  %18s  %10s  %12s' % ('D', 'E (Eh)', 'disc.wt', 'dE'))
    previous = None
    for d, energy, weight in instruction_results(final_log.name)[1::2]:
        change = '' if previous is None else '%+.3e' % (energy - previous)
        print('  %6d  %18.12f  %10.3e  %12s' % (d, energy, weight, change))
        previous = energy
    print('# final %.12f; natural-orbital run %.0f s wall, process CPU %.0f s, peak RSS %.0f MiB'
          % (e_final, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024))


if __name__ == '__main__':
    main()
