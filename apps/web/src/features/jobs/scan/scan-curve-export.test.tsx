import {
  defaultCloudJobForm,
  JOB_PATHS,
  scanCurveCsv,
  scanCurveJson,
  type ScanResponse,
} from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { captureDownloads } from '../testing/capture-downloads.ts';
import { FINISHED_MOLECULE } from '../testing/result-fixtures.ts';
import { renderJobUi } from '../testing/render-job-ui.tsx';
import { ScanDialog } from './scan-dialog.tsx';

const SCAN_ID = '5b0f5a0e-7d4c-4f5e-9a55-2f1d3c4b5a66';

/** Two H2 bond lengths, both finished. */
const SCAN: ScanResponse = {
  scan_id: SCAN_ID,
  scan_name: 'h2 scan',
  created_at: '2025-03-01T10:00:00.000Z',
  jobs: [0.74, 1.0].map((bond, index) => ({
    job_arn: `arn:aws:braket:us-east-1:123456789012:job/h2-scan-${index}`,
    job_name: `h2-scan-${index}`,
    status: 'COMPLETED',
    failure_reason: null,
    bond_length: bond,
    result: {
      ...FINISHED_MOLECULE,
      geometry_tag: bond.toFixed(2),
      molecule_geometry: `H 0 0 0;H 0 0 ${bond}`,
      energies: { ...FINISHED_MOLECULE.energies!, final: -1.137 + index * 0.036 },
    },
  })),
};

async function openScan() {
  server.use(http.get(apiPath(JOB_PATHS.hybridJobScan), () => HttpResponse.json(SCAN)));
  const rendered = renderJobUi(
    <ScanDialog
      scanId={SCAN_ID}
      baseForm={() => defaultCloudJobForm({})}
      onCloned={vi.fn()}
      onClose={vi.fn()}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Scan - h2 scan' });
  return { ...rendered, group: await within(dialog).findByRole('group', { name: 'Export curve' }) };
}

describe("the scan's curve exports (issue 30 §4)", () => {
  beforeEach(() => vi.restoreAllMocks());

  it("saves the curve as CSV and JSON, the API's bytes for the same scan", async () => {
    const saved = captureDownloads();
    const { user, group } = await openScan();
    await user.click(within(group).getByRole('button', { name: 'Curve (CSV)' }));
    await user.click(within(group).getByRole('button', { name: 'Curve (JSON)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[0]).toMatchObject({ name: 'h2_scan-curve.csv', type: 'text/csv' });
    expect(await saved[0].text).toBe(scanCurveCsv(SCAN));
    expect((await saved[0].text).split('\r\n')[1]).toMatch(/^0\.74,-1\.137,/);
    expect(saved[1]).toMatchObject({ name: 'h2_scan-curve.json', type: 'application/json' });
    expect(await saved[1].text).toBe(scanCurveJson(SCAN));
  });

  it('saves the chart as an SVG with its title, legend and both points of each line', async () => {
    const saved = captureDownloads();
    const { user, group } = await openScan();
    await user.click(within(group).getByRole('button', { name: 'Export SVG' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'h2_scan-curve.svg', type: 'image/svg+xml' });
    const file = new DOMParser().parseFromString(await saved[0].text, 'image/svg+xml');
    expect(file.querySelector('parsererror')).toBeNull();
    const root = file.documentElement;
    expect([...root.querySelectorAll(':scope > text')].map((text) => text.textContent)).toEqual([
      'Potential Energy Curve - h2 scan',
      'HI-VQE energy (Ha)',
      'RHF energy (Ha)',
      'Reference energy (Ha)',
    ]);
    expect(root.querySelectorAll('.recharts-line-dots circle')).toHaveLength(6);
    expect(root.textContent).toContain('Bond length (Å)');
  });

  it('says so when the PNG cannot be drawn', async () => {
    // jsdom decodes no images; the browser suite saves a real PNG.
    captureDownloads();
    const { user, group } = await openScan();
    await user.click(within(group).getByRole('button', { name: 'Export PNG' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to export the curve/);
  });
});
