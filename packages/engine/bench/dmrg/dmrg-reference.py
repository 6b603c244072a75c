#!/usr/bin/env python3
"""Reference CASCI energies from Psi4's DMRG-CI (CheMPS2) for the engine's larger active spaces.

For one case and a list of final bond dimensions, this writes a Psi4 input per bond dimension
(RHF in cc-pVDZ, then DMRG-CI in the RHF orbitals with a growing sweep schedule that ends at
that bond dimension), runs `psi4 -n 1` on it, and prints one line per bond dimension: the
DMRG-CI energy, the largest discarded weight of the last sweep, wall and CPU seconds and the
peak resident memory of the Psi4 process.

    python3 dmrg-reference.py A 500 1000
    python3 dmrg-reference.py B 250 500 1000 1500 --workdir /tmp/dmrg-work

Cases (0-based canonical RHF orbitals in ascending orbital energy, C1 numbering):
    A  N2 1.1 A, frozen 0-1, active 2-11   (10o,10e), check against exact CASCI
    B  N2 1.1 A, frozen 0-1, active 2-17   (16o,10e)
    C  N2 1.1 A, frozen 0-1, active 2-27   (26o,10e)
    D  H2O,      frozen 0,   active 1-23   (23o,8e)

The runs use point-group symmetry (D2h for N2, C2v for H2O); the per-irrep orbital counts
below are the energy-ordered ranges above, counted per irrep. Each Psi4 input re-checks this:
it prints the orbital energies at the frozen/active and active/virtual boundaries and fails if
the per-irrep counts do not match the energy ordering (ties within 1e-6 Eh, a split degenerate
pair, are reported and accepted). Needs only Python 3 and Psi4 with CheMPS2 (`psi4` on PATH,
or --psi4 PATH); peak memory is the ru_maxrss that the kernel reports for the child, the same
figure `/usr/bin/time -v` prints.
"""

import argparse
import os
import re
import subprocess
import sys
import time

N2 = 'N 0 0 0\nN 0 0 1.1'
H2O = 'O 0 0 0.1173\nH 0 0.7572 -0.4692\nH 0 -0.7572 -0.4692'

# Irrep order is Psi4's (and CheMPS2's): D2h Ag B1g B2g B3g Au B1u B2u B3u; C2v A1 A2 B1 B2.
CASES = {
    'A': {
        'label': 'N2 cc-pVDZ CAS(10o,10e), frozen 0-1, active 2-11',
        'geometry': N2,
        'n_frozen': 2,
        'n_active': 10,
        'restricted_docc': [1, 0, 0, 0, 0, 1, 0, 0],
        # MOs 11 and 12 are the degenerate 2pi_u pair (B3u, B2u); B3u is taken as MO 11. With
        # the molecule's axial symmetry either real choice gives the same CASCI energy.
        'active': [3, 0, 1, 1, 0, 2, 1, 2],
        'exact': -109.048231635,
    },
    'B': {
        'label': 'N2 cc-pVDZ CAS(16o,10e), frozen 0-1, active 2-17',
        'geometry': N2,
        'n_frozen': 2,
        'n_active': 16,
        'restricted_docc': [1, 0, 0, 0, 0, 1, 0, 0],
        'active': [4, 0, 2, 2, 0, 4, 2, 2],
    },
    'C': {
        'label': 'N2 cc-pVDZ CAS(26o,10e), frozen 0-1, active 2-27',
        'geometry': N2,
        'n_frozen': 2,
        'n_active': 26,
        'restricted_docc': [1, 0, 0, 0, 0, 1, 0, 0],
        'active': [6, 1, 3, 3, 1, 6, 3, 3],
    },
    'D': {
        'label': 'H2O cc-pVDZ CAS(23o,8e), frozen 0, active 1-23',
        'geometry': H2O,
        'n_frozen': 1,
        'n_active': 23,
        'restricted_docc': [1, 0, 0, 0],
        'active': [10, 2, 4, 7],
    },
}

# The RHF both scripts start from (dmrg-natural.py too).
RHF_TEMPLATE = '''\
memory 6 gb

molecule {{
0 1
{geometry}
units angstrom
}}

set {{
  basis cc-pvdz
  puream true
  reference rhf
  scf_type pk
  e_convergence 1e-12
  d_convergence 1e-10
}}

e_scf, wfn = energy('scf', return_wfn=True)
print_out('\\n@RHF energy: %.12f\\n' % e_scf)
'''

INPUT_TEMPLATE = RHF_TEMPLATE + '''
# Check the per-irrep spaces against the energy ordering and print the boundary orbitals.
docc, act = {restricted_docc}, {active}
labels = [wfn.molecule().point_group().char_table().gamma(h).symbol() for h in range(wfn.nirrep())]
eps = wfn.epsilon_a()
spaces = ([], [], [])
for h in range(wfn.nirrep()):
    for i in range(wfn.nmopi()[h]):
        space = 0 if i < docc[h] else (1 if i < docc[h] + act[h] else 2)
        spaces[space].append((eps.get(h, i), labels[h]))
if len(spaces[0]) != {n_frozen} or len(spaces[1]) != {n_active}:
    raise Exception('restricted_docc/active do not hold {n_frozen} frozen and {n_active} active orbitals')
names = ('frozen', 'active', 'virtual')
for s in (0, 1):
    if not spaces[s] or not spaces[s + 1]:
        continue
    lo, hi = max(spaces[s]), min(spaces[s + 1])
    k = len(spaces[0]) + (len(spaces[1]) if s == 1 else 0)
    split = abs(hi[0] - lo[0]) < 1e-6
    print_out('@boundary %s/%s: MO %d %s %.10f | MO %d %s %.10f%s\\n' % (
        names[s], names[s + 1], k - 1, lo[1], lo[0], k, hi[1], hi[0],
        '  (degenerate set split)' if split else ''))
    if lo[0] > hi[0] + 1e-6:
        raise Exception('per-irrep spaces do not follow the orbital-energy order')

set {{
  restricted_docc {restricted_docc}
  active {active}
  dmrg_irrep 0
  dmrg_multiplicity 1
  dmrg_sweep_states {states}
  dmrg_sweep_energy_conv {econv}
  dmrg_sweep_dvdson_rtol {rtol}
  dmrg_sweep_max_sweeps {sweeps}
  dmrg_sweep_noise_prefac {noise}
  dmrg_scf_active_space input
  dmrg_excitation 0
  dmrg_print_corr false
  dmrg_mps_write false
  dmrg_unitary_write false
  dmrg_diis false
  dmrg_caspt2_calc false
  dmrg_molden_write false
  dmrg_opdm_ao_print false
}}

e_dmrg = energy('dmrg-ci', ref_wfn=wfn)
print_out('\\n@DMRG-CI energy: %.12f\\n' % e_dmrg)
'''


def schedule(d_final):
    """Sweep instructions ending at bond dimension d_final: three sweeps each at d/4 and d/2 with
    noise, up to four at d with noise, then up to six at d without noise, stopping once a sweep
    changes the energy by less than 1e-8 Eh."""
    warm = [d for d in (d_final // 4, d_final // 2) if d >= 50]
    states = warm + [d_final, d_final]
    econv = [1e-5] * len(warm) + [1e-6, 1e-8]
    rtol = [1e-5] * len(warm) + [1e-6, 1e-8]
    sweeps = [3] * len(warm) + [4, 6]
    noise = [0.05] * len(warm) + [0.05, 0.0]
    return states, econv, rtol, sweeps, noise


def fmt(values):
    return '[' + ', '.join(str(v) for v in values) + ']'


def write_input(case, d_final, path):
    states, econv, rtol, sweeps, noise = schedule(d_final)
    text = INPUT_TEMPLATE.format(
        geometry=case['geometry'],
        restricted_docc=fmt(case['restricted_docc']),
        active=fmt(case['active']),
        n_frozen=case['n_frozen'],
        n_active=case['n_active'],
        states=fmt(states),
        econv=fmt(econv),
        rtol=fmt(rtol),
        sweeps=fmt(sweeps),
        noise=fmt(noise),
    )
    with open(path, 'w') as f:
        f.write(text)


def run_psi4(psi4, inp, out, scratch):
    """Run Psi4 on one thread; return (wall s, CPU s, peak RSS MiB, exit status)."""
    env = dict(os.environ, OMP_NUM_THREADS='1', OPENBLAS_NUM_THREADS='1', MKL_NUM_THREADS='1')
    start = time.monotonic()
    # Run where the scratch lives: Psi4 leaves psi.<pid>.clean and timer.dat in its working directory.
    child = subprocess.Popen([psi4, '-n', '1', '-s', scratch, inp, out], env=env, cwd=scratch)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def parse_output(path):
    with open(path) as f:
        text = f.read()
    energy = re.search(r'@DMRG-CI energy: (-?\d+\.\d+)', text)
    weights = re.findall(r'Maximum discarded weight during the last sweep\s+= ([-+.\deE]+)', text)
    boundaries = re.findall(r'@boundary (\w+/\w+: MO .*)', text)
    return (float(energy.group(1)) if energy else None,
            float(weights[-1]) if weights else None, boundaries)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('case', choices=sorted(CASES))
    parser.add_argument('bond_dims', type=int, nargs='+', help='final bond dimensions, one run each')
    parser.add_argument('--workdir', default='/tmp/dmrg-work', help='inputs, outputs and scratch go here')
    parser.add_argument('--psi4', default='psi4', help='the psi4 executable')
    args = parser.parse_args()

    # Absolute, since Psi4 runs in the scratch directory.
    args.workdir = os.path.abspath(args.workdir)
    case = CASES[args.case]
    print('# %s: %s' % (args.case, case['label']))
    print('# restricted_docc %s  active %s' % (fmt(case['restricted_docc']), fmt(case['active'])))
    print('# %6s  %18s  %10s  %9s  %9s  %9s' % ('D', 'E (Eh)', 'disc.wt', 'wall s', 'CPU s', 'RSS MiB'))
    previous = None
    for d_final in args.bond_dims:
        stem = os.path.join(args.workdir, '%s-D%d' % (args.case, d_final))
        scratch = stem + '.scratch'
        os.makedirs(scratch, exist_ok=True)
        write_input(case, d_final, stem + '.in')
        wall, cpu, rss, code = run_psi4(args.psi4, stem + '.in', stem + '.out', scratch)
        energy, weight, boundaries = parse_output(stem + '.out')
        if previous is None:
            for b in boundaries:
                print('# ' + b)
        if code != 0 or energy is None:
            print('# D=%d failed (exit %d), see %s.out' % (d_final, code, stem))
            sys.stdout.flush()
            continue
        line = '  %6d  %18.12f  %10.3e  %9.1f  %9.1f  %9.1f' % (d_final, energy, weight or 0.0, wall, cpu, rss)
        if previous is not None:
            line += '  dE %+.2e' % (energy - previous)
        if 'exact' in case:
            line += '  vs exact %+.2e' % (energy - case['exact'])
        print(line)
        sys.stdout.flush()
        previous = energy


if __name__ == '__main__':
    main()
