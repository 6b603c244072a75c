import {
  JOB_PATHS,
  jobIdFromArn,
  type HybridJob,
  type JobResultDocument,
  type MoleculeResult,
} from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../../test/server.ts';
import { IqmJobDetailsDialog } from '../../../iqm/components/iqm-job-details-dialog.tsx';
import { useHybridJobResult } from '../../api/get-hybrid-job-result.ts';
import { hybridJob, iqmJob } from '../../testing/job-fixtures.ts';
import { renderJobUi } from '../../testing/render-job-ui.tsx';
import { FINISHED_MOLECULE, jobResult } from '../../testing/result-fixtures.ts';
import { HybridJobMonitorDialog } from '../hybrid-job-monitor-dialog.tsx';
import { JobResultCard } from './job-result-card.tsx';

/** The card as the dialogs use it: fed by the result query. */
function CloudResultCard({ jobArn }: { jobArn: string }) {
  const result = useHybridJobResult(jobArn);
  return (
    <JobResultCard result={result.data} failed={result.isError} deviceLabel="SV1 (state vector simulator)" />
  );
}

function serveResult(job: HybridJob, changes: Partial<JobResultDocument>) {
  server.use(http.get(apiPath(JOB_PATHS.hybridJobResult), () => HttpResponse.json(jobResult(job, changes))));
}

async function showCard(job: HybridJob, changes: Partial<JobResultDocument> = {}) {
  serveResult(job, changes);
  renderJobUi(<CloudResultCard jobArn={job.job_arn} />);
  const card = screen.getByRole('region', { name: 'Result' });
  await within(card).findByText('Ran on');
  return card;
}

/** The text of the value the card shows under `label`. */
function valueOf(card: HTMLElement, label: string): string {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const NOT_KNOWN_YET = '— not known yet';

const molecule = (changes: Partial<MoleculeResult>): MoleculeResult => ({ ...FINISHED_MOLECULE, ...changes });

/** A molecule the engine has not finished: nothing of its result known yet unless `changes` says so. */
const unfinished = (changes: Partial<MoleculeResult> = {}): MoleculeResult =>
  molecule({
    energies: null,
    rhf_energy: null,
    reference: null,
    error_mha: null,
    within_chemical_accuracy: null,
    subspace_size: null,
    full_space_size: null,
    subspace_fraction: null,
    iterations: null,
    engine_seconds: null,
    reference_seconds: null,
    cpu_seconds: null,
    ...changes,
  });

describe('result card', () => {
  it('shows a completed job’s numbers: energies to 8 decimals, the error in mHa within chemical accuracy', async () => {
    const card = await showCard(hybridJob('h2'));
    expect(valueOf(card, 'Final energy')).toBe('-1.13728300 Ha');
    expect(valueOf(card, 'RHF energy')).toBe('-1.11675900 Ha');
    expect(valueOf(card, 'Reference energy')).toBe('-1.13728400 Ha (CASCI computed by the engine)');
    expect(valueOf(card, 'Error')).toBe('+0.001 mHa Within chemical accuracy (1.6 mHa)');
    expect(valueOf(card, 'Subspace')).toBe('4 of 4 determinants (100%)');
    expect(valueOf(card, 'Iterations')).toBe('2');
    expect(valueOf(card, 'Ran on')).toBe('Local engine, SV1 (state vector simulator)');
    expect(valueOf(card, 'Shots')).toBe('1,000 per circuit');
    expect(valueOf(card, 'Wall time')).toBe('1.50 s');
    expect(valueOf(card, 'CPU time')).toBe('0.24 s');
  });

  it('says when the error is outside chemical accuracy, against the user’s value, and keeps a tiny fraction’s digits', async () => {
    const card = await showCard(hybridJob('n2'), {
      backend: 'braket',
      molecules: [
        molecule({
          energies: { final: -109.0001, rhf: -108.9541, nuclear_repulsion: 23.6, casci: -109.0037811 },
          reference: { energy: -108.9, source: 'user' },
          error_mha: -100.1,
          within_chemical_accuracy: false,
          subspace_size: 1200,
          full_space_size: 10_502_500,
          subspace_fraction: 1200 / 10_502_500,
          iterations: 150,
        }),
      ],
      timings: { ...jobResult(hybridJob('n2')).timings, wall_seconds: 3725.4, cpu_seconds: 95.2 },
    });
    expect(valueOf(card, 'Final energy')).toBe('-109.00010000 Ha');
    expect(valueOf(card, 'Reference energy')).toBe('-108.90000000 Ha (your value)');
    expect(valueOf(card, 'Error')).toBe('-100.100 mHa Outside chemical accuracy (1.6 mHa)');
    expect(valueOf(card, 'Subspace')).toBe('1,200 of 10,502,500 determinants (0.0114%)');
    expect(valueOf(card, 'Ran on')).toBe('Amazon Braket, SV1 (state vector simulator)');
    expect(valueOf(card, 'Wall time')).toBe('1 h 2 min 5 s');
    expect(valueOf(card, 'CPU time')).toBe('1 min 35 s');
  });

  it('shows no error for a job without a reference, and says why in the engine’s words', async () => {
    const reason =
      'the full space (3,136 determinants) is larger than max_states (150) and the job did not ask for it (compute_reference)';
    const card = await showCard(hybridJob('no-reference'), {
      molecules: [
        molecule({
          energies: { ...FINISHED_MOLECULE.energies!, casci: null },
          reference: null,
          reference_skip_reason: reason,
          error_mha: null,
          within_chemical_accuracy: null,
          subspace_size: 150,
          full_space_size: 3_136,
          subspace_fraction: 150 / 3_136,
        }),
      ],
    });
    expect(valueOf(card, 'Reference energy')).toBe(
      `None: you gave no exact energy, and the engine skipped CASCI (${reason}). The final energy is a ` +
        'variational upper bound: the exact energy of this active space lies at or below it',
    );
    expect(card).not.toHaveTextContent('above its limit');
    expect(valueOf(card, 'Error')).toBe('Not shown: there is no reference energy to compare with');
    expect(card).not.toHaveTextContent(/mHa|chemical accuracy/);
  });

  it('shows, beside the bound, the engine’s perturbative estimate where CASCI is out of reach, labelled as an estimate', async () => {
    const reason = '4,327,008,400 determinants exceed the CASCI limit of 12,000,000';
    const card = await showCard(hybridJob('beyond-exact'), {
      molecules: [
        molecule({
          energies: { ...FINISHED_MOLECULE.energies!, final: -109.275721027, casci: null },
          reference: null,
          reference_skip_reason: reason,
          perturbative_estimate: -109.2774321,
          error_mha: null,
          within_chemical_accuracy: null,
        }),
      ],
    });
    expect(valueOf(card, 'Final energy')).toBe('-109.27572103 Ha');
    expect(valueOf(card, 'Reference energy')).toBe(
      `None: you gave no exact energy, and the engine skipped CASCI (${reason}). The final energy is a ` +
        'variational upper bound: the exact energy of this active space lies at or below it. ' +
        'Estimate: -109.27743210 Ha (the final energy with its second-order perturbative correction: an estimate, not a bound)',
    );
    expect(valueOf(card, 'Error')).toBe('Not shown: there is no reference energy to compare with');
  });

  it('does not guess why a run stored before the reason was recorded has no reference', async () => {
    const card = await showCard(hybridJob('old-run'), {
      molecules: [
        molecule({
          energies: { ...FINISHED_MOLECULE.energies!, casci: null },
          reference: null,
          reference_skip_reason: null,
          error_mha: null,
          within_chemical_accuracy: null,
        }),
      ],
    });
    expect(valueOf(card, 'Reference energy')).toBe(
      'None: you gave no exact energy, and the engine skipped CASCI (its reason was not recorded for this run). ' +
        'The final energy is a variational upper bound: the exact energy of this active space lies at or below it',
    );
  });

  it('shows a running job’s unknown values as “not known yet”, never as 0', async () => {
    const job = hybridJob('running', { status: 'RUNNING', ended_at: null });
    const card = await showCard(job, {
      status: 'RUNNING',
      molecules: [unfinished()],
      history: [],
      timings: { ...jobResult(job).timings, wall_seconds: null, engine_seconds: null, cpu_seconds: null },
    });
    for (const label of [
      'Final energy',
      'RHF energy',
      'Reference energy',
      'Error',
      'Subspace',
      'Iterations',
      'Wall time',
      'CPU time',
    ]) {
      expect(valueOf(card, label), label).toBe(NOT_KNOWN_YET);
    }
    expect(card).not.toHaveTextContent(/\bHa\b|mHa|\b0(\.0+)? s\b/);
    // What the job's settings already say is shown: the shots.
    expect(valueOf(card, 'Shots')).toBe('1,000 per circuit');
  });

  it('shows a running molecule’s RHF energy as soon as the engine has told it', async () => {
    const job = hybridJob('running', { status: 'RUNNING', ended_at: null });
    const card = await showCard(job, {
      status: 'RUNNING',
      molecules: [unfinished({ rhf_energy: -108.95413 })],
    });
    expect(valueOf(card, 'RHF energy')).toBe('-108.95413000 Ha');
    expect(valueOf(card, 'Final energy')).toBe(NOT_KNOWN_YET);
  });

  it('says a failed job’s values were not computed, rather than not known yet', async () => {
    const job = hybridJob('failed', { status: 'FAILED', failure_reason: 'Out of memory' });
    const card = await showCard(job, {
      status: 'FAILED',
      molecules: [molecule({ energies: null, reference: null, error_mha: null, iterations: null })],
    });
    expect(valueOf(card, 'Final energy')).toBe('— not computed: the job failed');
    expect(valueOf(card, 'Error')).toBe('— not computed: the job failed');
  });

  it('says why a completed job’s results could not be read, instead of showing nothing', async () => {
    const job = hybridJob('unreadable', { status: 'COMPLETED' });
    const reason =
      'Your access role may not read s3://b/jobs/x/data/output/model.tar.gz: allow it s3:GetObject.';
    const card = await showCard(job, {
      status: 'COMPLETED',
      result_unavailable_reason: reason,
      molecules: [molecule({ energies: null, reference: null, error_mha: null, iterations: null })],
    });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      `The job’s results could not be read. ${reason}`,
    );
  });

  it('is part of the job monitor', async () => {
    const job = hybridJob('monitored');
    server.use(
      http.get(apiPath(JOB_PATHS.hybridJob), () => HttpResponse.json(job)),
      http.get(apiPath(JOB_PATHS.hybridJobMetrics), () =>
        HttpResponse.json({ job_arn: job.job_arn, points: [] }),
      ),
      http.get(apiPath(JOB_PATHS.hybridJobResult), () => HttpResponse.json(jobResult(job))),
      http.get(apiPath(JOB_PATHS.hybridJobLogs), () =>
        HttpResponse.json({ logs: [], log_stream_name: 's', success: true, message: 'ok' }),
      ),
    );
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - monitored' });
    const card = within(dialog).getByRole('region', { name: 'Result' });
    expect(await within(card).findByText('-1.13728300 Ha')).toBeInTheDocument();
  });
});

describe('result card of an IQM scan', () => {
  it('shows one row per molecule, the unfinished one not known yet, and a local run as simulated', async () => {
    const job = iqmJob('scan', { status: 'RUNNING', ended_at: null });
    const id = jobIdFromArn(job.job_arn);
    const base = jobResult(hybridJob('scan', { status: 'RUNNING', ended_at: null }));
    const running = unfinished({ geometry_tag: '0.8', molecule_geometry: 'H 0 0 0;H 0 0 0.8' });
    const result: JobResultDocument = {
      ...base,
      job_arn: job.job_arn,
      device: 'garnet',
      simulated_locally: true,
      status: 'RUNNING',
      molecules: [FINISHED_MOLECULE, running],
      timings: { ...base.timings, wall_seconds: null },
    };
    server.use(
      http.get(apiPath(JOB_PATHS.iqmJob(id)), () => HttpResponse.json(job)),
      http.get(apiPath(JOB_PATHS.iqmJobResult(id)), () => HttpResponse.json(result)),
    );
    renderJobUi(<IqmJobDetailsDialog job={job} onClose={vi.fn()} />);
    const card = screen.getByRole('region', { name: 'Result' });
    const table = await within(card).findByRole('table', { name: 'Result per molecule' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['0.74', '0.8']);
    expect(rows[0]).toHaveTextContent('-1.13728300 Ha');
    expect(rows[0]).toHaveTextContent('+0.001 mHa Within chemical accuracy (1.6 mHa)');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    ).toEqual(Array(7).fill(NOT_KNOWN_YET));
    expect(valueOf(card, 'Ran on')).toBe('Local engine (simulated locally), Garnet');
  });
});
