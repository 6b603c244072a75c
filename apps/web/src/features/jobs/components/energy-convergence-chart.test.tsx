import type { EnergyDataPoint } from '@hivqe/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKER_LIMIT } from '../energy-chart-data.ts';
import { captureDownloads } from '../testing/capture-downloads.ts';
import { historyPoint } from '../testing/result-fixtures.ts';
import { EnergyConvergenceChart } from './energy-convergence-chart.tsx';

const H2_RUN = [
  historyPoint(1, -1.13, 0.007284, 2),
  historyPoint(2, -1.1365, 0.000784, 3),
  historyPoint(3, -1.137283, 0.000001, 4),
];

const legend = () =>
  within(screen.getByRole('list', { name: 'Chart series' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** The chart's panels (energy, then error): each an SVG surface. */
const panels = (container: HTMLElement) => [...container.querySelectorAll('svg.recharts-surface')];

/** A panel's axis titles, in drawing order. */
const axisTitles = (panel: Element) =>
  [...panel.querySelectorAll('.recharts-label')].map((label) => label.textContent);

/** The tick labels of a panel's y axes: the left one first. */
const yTicks = (panel: Element) =>
  [...panel.querySelectorAll('.recharts-yAxis-tick-labels')].map((axis) =>
    [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((tick) => tick.textContent),
  );

/** A run of `count` points that closes in on the reference from 0.1 Ha above. */
const longRun = (count: number): EnergyDataPoint[] =>
  Array.from({ length: count }, (_, index) => {
    const error = 0.1 / (index + 1) ** 2;
    return historyPoint(index + 1, -1.137 + error, error, 10 + index);
  });

const drawChart = (points: readonly EnergyDataPoint[]) =>
  render(<EnergyConvergenceChart points={points} fileName="h2-run" />);

describe('energy convergence chart', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('writes energy ticks with the precision their range needs, no two alike', () => {
    const { container } = drawChart(H2_RUN);
    const [energyPanel] = panels(container);
    expect(axisTitles(energyPanel)).toEqual(['Energy (Ha)']);
    const [labels] = yTicks(energyPanel);
    expect(labels).toEqual(['-1.138', '-1.136', '-1.134', '-1.132', '-1.130']);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('draws the energy against its reference and the error in mHa on a log axis with the 1.6 mHa band', () => {
    const { container } = drawChart(H2_RUN);
    expect(legend()).toEqual([
      'Energy (Ha)',
      'Exact Energy (Ha)',
      'Error (mHa)',
      'Chemical accuracy (1.6 mHa)',
    ]);
    const [, errorPanel] = panels(container);
    expect(axisTitles(errorPanel)).toEqual(['Iteration', '|Error| (mHa)']);
    expect(yTicks(errorPanel)).toEqual([['10⁻⁴', '10⁻³', '10⁻²', '10⁻¹', '10⁰', '10¹']]);
    expect(errorPanel.querySelectorAll('.recharts-reference-area')).toHaveLength(1);
    expect(screen.getByText('Latest energy: -1.137283 Ha (Step 3), error +0.001 mHa')).toBeInTheDocument();
    const lastRow = within(screen.getByRole('table', { name: 'Energy data points' }))
      .getAllByRole('row')
      .at(-1);
    expect(lastRow).toHaveTextContent('Step 3-1.137283-1.137284+0.001 mHa4');
  });

  it('without a reference draws no reference line, no error panel and no band: never a placeholder', () => {
    const { container } = drawChart([historyPoint(1, -1.13, null), historyPoint(2, -1.137, null)]);
    expect(legend()).toEqual(['Energy (Ha)']);
    expect(panels(container)).toHaveLength(1);
    expect(axisTitles(panels(container)[0])).toEqual(['Iteration', 'Energy (Ha)']);
    expect(container.querySelector('.recharts-reference-area')).toBeNull();
    expect(screen.getByText('Latest energy: -1.137000 Ha (Step 2)')).toBeInTheDocument();
    expect(screen.queryByText(/error/)).not.toBeInTheDocument();
  });

  it('adds the subspace size on its own axis when asked', async () => {
    const user = userEvent.setup();
    const { container } = drawChart(H2_RUN);
    expect(legend()).not.toContain('Subspace size');
    await user.click(screen.getByRole('checkbox', { name: 'Subspace size' }));
    expect(legend()).toContain('Subspace size');
    const [energyPanel] = panels(container);
    expect(axisTitles(energyPanel)).toEqual(['Energy (Ha)', 'Subspace size']);
    expect(yTicks(energyPanel)[1]).toContain('4');
    await user.click(screen.getByRole('checkbox', { name: 'Subspace size' }));
    expect(legend()).not.toContain('Subspace size');
  });

  it('marks every point of a short run', () => {
    const { container } = drawChart(longRun(MARKER_LIMIT));
    // The energy and the error series, one marker per point each.
    expect(container.querySelectorAll('.recharts-line-dots .recharts-dot')).toHaveLength(2 * MARKER_LIMIT);
  });

  it('past a few dozen points marks only the point under the pointer', async () => {
    const { container } = drawChart(longRun(150));
    expect(container.querySelectorAll('.recharts-dot')).toHaveLength(0);
    const [energyPanel] = container.querySelectorAll('.recharts-wrapper');
    fireEvent.mouseMove(energyPanel, { clientX: 300, clientY: 100 });
    await waitFor(() => expect(container.querySelectorAll('.recharts-active-dot').length).toBeGreaterThan(0));
    expect(container.querySelectorAll('.recharts-line-dots')).toHaveLength(0);
  });

  it('exports the figure as an SVG file with both panels, the title and the legend', async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    drawChart(H2_RUN);
    await user.click(screen.getByRole('button', { name: 'Export SVG' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'h2-run-energy-convergence.svg', type: 'image/svg+xml' });
    const file = new DOMParser().parseFromString(await saved[0].text, 'image/svg+xml');
    expect(file.querySelector('parsererror')).toBeNull();
    const root = file.documentElement;
    expect(root.tagName).toBe('svg');
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.querySelectorAll(':scope > svg')).toHaveLength(2);
    const texts = [...root.querySelectorAll(':scope > text')].map((text) => text.textContent);
    expect(texts).toEqual([
      'Energy Convergence',
      'Energy (Ha)',
      'Exact Energy (Ha)',
      'Error (mHa)',
      'Chemical accuracy (1.6 mHa)',
    ]);
    expect(root.textContent).toContain('-1.138');
    expect(root.textContent).toContain('|Error| (mHa)');
    // The page's styles travel with the file.
    expect(root.querySelector('.recharts-cartesian-axis-tick-value')?.getAttribute('style')).toMatch(/fill:/);
  });

  it('says so when the PNG cannot be drawn', async () => {
    // jsdom decodes no images; a browser does (the browser suite saves one).
    captureDownloads();
    const user = userEvent.setup();
    drawChart(H2_RUN);
    await user.click(screen.getByRole('button', { name: 'Export PNG' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to export the chart/);
  });

  it("says 'No energy data available' and offers no export before the first point", () => {
    drawChart([]);
    expect(screen.getByText('No energy data available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
  });
});
