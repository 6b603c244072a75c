import { exec, execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/hivqe.mjs', import.meta.url));
const workdir = mkdtempSync(join(tmpdir(), 'hivqe-cli-'));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function hivqe(args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

function job(name: string, hyperparameters: Record<string, unknown>): string {
  const path = join(workdir, `${name}.json`);
  writeFileSync(path, JSON.stringify(hyperparameters));
  return path;
}

const H2 = {
  molecule_geometry: 'H 0 0 0;H 0 0 0.74',
  basis: 'sto-3g',
  active_orbitals: '[0,1]',
  frozen_orbitals: '',
};

describe('hivqe run', () => {
  it('prints one JSON object with the result and streams progress on stderr', async () => {
    const { code, stdout, stderr } = await hivqe([
      'run',
      '--input',
      job('h2', { ...H2, max_iter: '5' }),
      '--json',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Object.keys(result)).toEqual([
      'e_nuc',
      'e_rhf',
      'e_casci',
      'energy',
      'num_states',
      'iterations',
      'history',
      'provenance',
      'seconds',
      'reference_seconds',
      'leading_determinants',
      'perturbative_estimate',
    ]);
    expect(result.leading_determinants[0]).toMatchObject({ alpha: '10', beta: '10' });
    // H2's subspace is its whole space (4 determinants): the energy is exact, there is nothing to estimate.
    expect(result.perturbative_estimate).toBeNull();
    expect(result.reference_seconds).toBeGreaterThan(0);
    expect(result.reference_seconds).toBeLessThan(result.seconds);
    expect(result.e_rhf).toBeCloseTo(-1.116759307, 6);
    expect(result.e_casci).toBeCloseTo(-1.137283834, 6);
    expect(result.energy).toBeCloseTo(result.e_casci, 8);
    expect(result.num_states).toBe(4);
    expect(result.history).toHaveLength(result.iterations);
    expect(Object.keys(result.history[0])).toEqual([
      'costFunctionCall',
      'energy',
      'error',
      'numStates',
      'timestamp',
    ]);
    expect(stderr).toMatch(/^Metrics - timestamp=\d+(\.\d+)?; energy=-1\.\d+; iteration_number=1;$/m);
  });

  it('--reference never leaves the CASCI reference out', async () => {
    const { code, stdout, stderr } = await hivqe([
      'run',
      '--input',
      job('h2-no-reference', { ...H2, max_iter: '2' }),
      '--reference',
      'never',
      '--json',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.e_casci).toBeNull();
    expect(result.reference_seconds).toBeNull();
    expect(stderr).toContain('CASCI skipped: reference is never');
  });

  it('--orbitals natural runs HI-VQE over the natural orbitals of a first run, and refuses other values', async () => {
    const input = job('n2-orbitals', {
      molecule_geometry: 'N 0 0 0;N 0 0 1.6',
      basis: 'sto-3g',
      active_orbitals: '2,3,4,5,6,7,8,9',
      max_states: '144',
    });
    const [natural, bad] = await Promise.all([
      hivqe([
        'run',
        '--input',
        input,
        '--orbitals',
        'natural',
        '--reference',
        'always',
        '--sampling',
        'off',
        '--json',
      ]),
      hivqe(['run', '--input', input, '--orbitals', 'localized']),
    ]);
    expect(natural.code).toBe(0);
    const result = JSON.parse(natural.stdout);
    expect(natural.stderr).toMatch(/^natural orbitals: a first run \(handover only\) of 9 determinants/m);
    expect(natural.stderr).toMatch(/^natural orbitals, first run: iteration 1: /m);
    // The chart's lines are the run's own: one per iteration of the loop over the natural orbitals.
    const metrics = natural.stderr.split('\n').filter((line) => line.includes('Metrics -'));
    expect(metrics.every((line) => line.startsWith('Metrics -'))).toBe(true);
    expect(metrics).toHaveLength(result.iterations);
    expect(result.energy).toBeGreaterThan(result.e_casci - 1e-9);
    expect(result.energy).toBeLessThan(result.e_rhf);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/orbitals must be one of canonical, natural, got "localized"/);
  });

  it('runs only what --method asks for', async () => {
    const input = job('h2-methods', H2);
    const [rhfRun, casciRun] = await Promise.all([
      hivqe(['run', '--input', input, '--method', 'rhf', '--json']),
      hivqe(['run', '--input', input, '--method', 'casci', '--json']),
    ]);
    const rhf = JSON.parse(rhfRun.stdout);
    expect(rhf.e_casci).toBeNull();
    expect(rhf.energy).toBe(rhf.e_rhf);
    expect(rhf.iterations).toBe(0);
    const exact = JSON.parse(casciRun.stdout);
    expect(exact.energy).toBe(exact.e_casci);
    expect(exact.history).toEqual([]);
  });

  it('--sampling off and --handover off leave out one source of strings', async () => {
    const input = job('h2-ablation', { ...H2, max_iter: '3', convergence_count: '0' });
    const [handoverOnly, samplesOnly] = await Promise.all([
      hivqe(['run', '--input', input, '--sampling', 'off', '--json']),
      hivqe(['run', '--input', input, '--handover', 'off', '--json']),
    ]);
    const handover = JSON.parse(handoverOnly.stdout);
    expect(handover.provenance.sampled + handover.provenance.recovered).toBe(0);
    expect(handover.provenance.handover).toBeGreaterThan(0);
    expect(handoverOnly.stderr).toMatch(/sampling off/);
    const samples = JSON.parse(samplesOnly.stdout);
    expect(samples.provenance.handover).toBe(0);
    expect(samplesOnly.stderr).toMatch(/handover off/);
  });

  it('exits with status 2 and a message on stderr for bad input', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...H2, molecule_geometry: 'Xx 0 0 0;H 0 0 1' }, /unknown or unsupported element 'Xx'/],
      [{ ...H2, basis: 'def2-svp' }, /def2-svp/],
      [{ ...H2, molecule_geometry: 'H 0 0 0' }, /odd/],
      [
        { molecule_geometry: 'N 0 0 0;N 0 0 1.0', basis: 'sto-3g', active_orbitals: '2,3,4,5,6,7,8,9,10,11' },
        /orbital/,
      ],
      [{ ...H2, shots: '0' }, /shots must be between 1 and 10000000/],
      [{ ...H2, reference: 'sometimes' }, /reference must be one of auto, always, never, got "sometimes"/],
    ];
    const outcomes = await Promise.all(
      cases.map(([hyperparameters], i) =>
        hivqe(['run', '--input', job(`bad-${i}`, hyperparameters), '--json']),
      ),
    );
    outcomes.forEach(({ code, stdout, stderr }, i) => {
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(cases[i][1]);
    });
  });

  it('exits with status 2 on usage errors and unreadable input', async () => {
    const [missing, unreadable, method, sampling, both] = await Promise.all([
      hivqe(['run', '--json']),
      hivqe(['run', '--input', join(workdir, 'nope.json')]),
      hivqe(['run', '--input', job('h2-usage', H2), '--method', 'fci']),
      hivqe(['run', '--input', job('h2-usage', H2), '--sampling', 'no']),
      hivqe(['run', '--input', job('h2-usage', H2), '--sampling', 'off', '--handover', 'off']),
    ]);
    expect(sampling.code).toBe(2);
    expect(sampling.stderr).toMatch(/--sampling must be on or off, got "no"/);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/sampling and handover cannot both be off/);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--input is required/);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/cannot read/);
    expect(method.code).toBe(2);
    expect(method.stderr).toMatch(/--method must be one of rhf, casci, hivqe/);
  });
});

describe("the README's command line", () => {
  it('runs as the README writes it, from the repository root of a fresh clone', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const written = /`(npx [^`]*hivqe run --input job\.json --json)`/.exec(readme)?.[1];
    expect(written, 'the README lists the engine command').toBeDefined();
    const command = (written ?? '').replace('job.json', job('readme', { ...H2, max_iter: '3' }));
    const stdout = await new Promise<string>((resolve, reject) => {
      exec(command, { cwd: root, timeout: 120_000 }, (error, out, err) =>
        error === null ? resolve(out) : reject(new Error(`${command}: ${err}`)),
      );
    });
    expect(JSON.parse(stdout).energy).toBeCloseTo(-1.137283834, 6);
  });
});
