import { CHEMICAL_ACCURACY_MHA, type EnergyDataPoint } from '@hivqe/contract';
import { useId, useRef, useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../account/download-file.ts';
import { BAND_OPACITY, figurePng, figureSvg, type LegendEntry } from '../chart-export.ts';
import {
  energyAxis,
  energyRows,
  errorAxis,
  formatDecade,
  formatEnergy,
  hasReference,
  showsMarkers,
  subspaceAxis,
  type EnergyRow,
} from '../energy-chart-data.ts';
import { formatCount, formatMha } from './result-card/result-format.ts';

interface EnergyConvergenceChartProps {
  points: readonly EnergyDataPoint[];
  /** Names the exported files: '{fileName}-energy-convergence.svg'. */
  fileName: string;
}

const TITLE = 'Energy Convergence';
export const CHART_EXPORT_FAILED = 'Failed to export the chart';

const SERIES = {
  energy: { name: 'Energy (Ha)', color: '#4338ca', mark: 'line' },
  reference: { name: 'Exact Energy (Ha)', color: '#15803d', mark: 'dashed' },
  subspace: { name: 'Subspace size', color: '#64748b', mark: 'line' },
  error: { name: 'Error (mHa)', color: '#b91c1c', mark: 'line' },
  accuracy: { name: `Chemical accuracy (${CHEMICAL_ACCURACY_MHA} mHa)`, color: '#16a34a', mark: 'band' },
} satisfies Record<string, LegendEntry>;

const ENERGY_HEIGHT = 210;
const ENERGY_HEIGHT_ALONE = 280;
const ERROR_HEIGHT = 150;
const INITIAL_WIDTH = 560;
const AXIS_FONT = { fontSize: 11, fill: '#475569' };
const MARGIN = { top: 8, right: 12, bottom: 0, left: 4 };

const stepLabel = (step: unknown) => `Step ${String(step)}`;
/** Room for the longest tick label and the axis title beside it, so the two never overlap. */
const axisWidth = (labels: readonly string[]) =>
  Math.max(...labels.map((label) => label.length), 2) * 6.5 + 26;
const axisTitle = (value: string, side: 'left' | 'right') => ({
  value,
  angle: side === 'left' ? -90 : 90,
  position: side === 'left' ? ('insideLeft' as const) : ('insideRight' as const),
  style: { textAnchor: 'middle' as const, fontSize: 12, fill: '#334155' },
});

/** The legend's swatch, drawn as the series is. */
function LegendMark({ entry }: { entry: LegendEntry }) {
  return (
    <svg width="20" height="10" aria-hidden="true">
      {entry.mark === 'band' ? (
        <rect width="20" height="10" fill={entry.color} fillOpacity={BAND_OPACITY} />
      ) : (
        <line
          x1="0"
          x2="20"
          y1="5"
          y2="5"
          stroke={entry.color}
          strokeWidth="2"
          strokeDasharray={entry.mark === 'dashed' ? '6 4' : undefined}
        />
      )}
    </svg>
  );
}

function tooltipValue(value: unknown, name: unknown, item: { payload?: EnergyRow }): [string, string] {
  const label = String(name);
  const row = item.payload;
  if (label === SERIES.error.name && row?.errorMha != null) return [formatMha(row.errorMha), label];
  if (label === SERIES.subspace.name && typeof value === 'number') return [formatCount(value), label];
  return [typeof value === 'number' ? formatEnergy(value) : String(value), label];
}

/**
 * 'Energy Convergence' (jobs.md 2.3, issue 11): the energy per iteration against its reference, and below it
 * the error in mHa on a log axis, the chemical-accuracy band shaded, so a small error is not flattened by a
 * large one. Without a reference there is neither line nor error panel. The same numbers are in a visually
 * hidden table, so they can be read without the drawing; the figure exports as SVG or PNG.
 */
export function EnergyConvergenceChart({ points, fileName }: EnergyConvergenceChartProps) {
  const syncId = useId();
  const figure = useRef<HTMLDivElement>(null);
  const [showSubspace, setShowSubspace] = useState(false);
  const [exportFailed, setExportFailed] = useState<string | null>(null);
  const rows = energyRows(points);
  const latest = rows.at(-1);
  const referenced = hasReference(rows);
  const markers = showsMarkers(rows);
  const energy = energyAxis(rows);
  const energyLabels = energy.ticks.map((tick) => tick.toFixed(energy.decimals));
  const errors = errorAxis(rows);
  const subspace = subspaceAxis(rows);
  const subspaceLabels = subspace.ticks.map(formatCount);
  const legend: LegendEntry[] = [
    SERIES.energy,
    ...(referenced ? [SERIES.reference] : []),
    ...(showSubspace ? [SERIES.subspace] : []),
    ...(referenced ? [SERIES.error, SERIES.accuracy] : []),
  ];
  const leftWidth = axisWidth([...energyLabels, ...(referenced ? errors.ticks.map(formatDecade) : [])]);
  const rightWidth = showSubspace ? axisWidth(subspaceLabels) : 0;
  const dot = markers ? { r: 2.5 } : false;
  const activeDot = { r: 4 };

  async function exportAs(format: 'svg' | 'png') {
    setExportFailed(null);
    try {
      const panels = [...(figure.current?.querySelectorAll<SVGSVGElement>('svg.recharts-surface') ?? [])];
      const svg = figureSvg(panels, TITLE, legend);
      const name = `${fileName}-energy-convergence.${format}`;
      if (format === 'svg') downloadFile(name, svg.markup, 'image/svg+xml');
      else downloadFile(name, await figurePng(svg), 'image/png');
    } catch (error) {
      setExportFailed(
        error instanceof Error && error.message
          ? `${CHART_EXPORT_FAILED}: ${error.message}`
          : CHART_EXPORT_FAILED,
      );
    }
  }

  const xAxis = (labelled: boolean) => (
    <XAxis
      dataKey="step"
      tickFormatter={stepLabel}
      tick={labelled ? AXIS_FONT : false}
      height={labelled ? 40 : 4}
      minTickGap={24}
      label={
        labelled
          ? { value: 'Iteration', position: 'insideBottom', style: { fontSize: 12, fill: '#334155' } }
          : undefined
      }
    />
  );

  return (
    <section aria-label={TITLE} className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{TITLE}</h3>
        {latest && (
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-1.5 text-xs text-slate-700">
              <input
                type="checkbox"
                checked={showSubspace}
                onChange={(event) => setShowSubspace(event.target.checked)}
                className="h-3.5 w-3.5 accent-accent-600"
              />
              Subspace size
            </label>
            <div role="group" aria-label="Export chart" className="flex gap-1">
              <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => void exportAs('svg')}>
                Export SVG
              </Button>
              <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => void exportAs('png')}>
                Export PNG
              </Button>
            </div>
          </div>
        )}
      </div>
      {exportFailed && (
        <p role="alert" className="text-sm text-red-700">
          {exportFailed}
        </p>
      )}
      {latest === undefined ? (
        <p className="flex h-40 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500">
          No energy data available
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-600">
            Latest energy: {formatEnergy(latest.energy)} Ha (Step {latest.step})
            {latest.errorMha !== null && `, error ${formatMha(latest.errorMha)}`}
          </p>
          <div ref={figure}>
            <ul aria-label="Chart series" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
              {legend.map((entry) => (
                <li key={entry.name} className="flex items-center gap-1.5">
                  <LegendMark entry={entry} />
                  {entry.name}
                </li>
              ))}
            </ul>
            <ResponsiveContainer
              width="100%"
              height={referenced ? ENERGY_HEIGHT : ENERGY_HEIGHT_ALONE}
              initialDimension={{
                width: INITIAL_WIDTH,
                height: referenced ? ENERGY_HEIGHT : ENERGY_HEIGHT_ALONE,
              }}
            >
              <LineChart data={rows} syncId={syncId} margin={MARGIN}>
                <CartesianGrid yAxisId="energy" strokeDasharray="3 3" stroke="#e2e8f0" />
                {xAxis(!referenced)}
                <YAxis
                  yAxisId="energy"
                  type="number"
                  domain={energy.domain}
                  ticks={energy.ticks}
                  interval={0}
                  tick={AXIS_FONT}
                  tickFormatter={(value: number) => value.toFixed(energy.decimals)}
                  width={leftWidth}
                  label={axisTitle('Energy (Ha)', 'left')}
                />
                {showSubspace && (
                  <YAxis
                    yAxisId="subspace"
                    orientation="right"
                    type="number"
                    domain={subspace.domain}
                    ticks={subspace.ticks}
                    interval={0}
                    tick={AXIS_FONT}
                    tickFormatter={formatCount}
                    width={rightWidth}
                    label={axisTitle('Subspace size', 'right')}
                  />
                )}
                <Tooltip formatter={tooltipValue} labelFormatter={stepLabel} />
                {showSubspace && (
                  <Line
                    yAxisId="subspace"
                    type="stepAfter"
                    dataKey="subspace"
                    name={SERIES.subspace.name}
                    stroke={SERIES.subspace.color}
                    strokeWidth={1.5}
                    dot={false}
                    activeDot={activeDot}
                    isAnimationActive={false}
                  />
                )}
                <Line
                  yAxisId="energy"
                  type="linear"
                  dataKey="energy"
                  name={SERIES.energy.name}
                  stroke={SERIES.energy.color}
                  strokeWidth={2}
                  dot={dot}
                  activeDot={activeDot}
                  isAnimationActive={false}
                />
                {/* Over the energy, so a run that has reached its reference still shows the dashes. */}
                {referenced && (
                  <Line
                    yAxisId="energy"
                    type="stepAfter"
                    dataKey="reference"
                    name={SERIES.reference.name}
                    stroke={SERIES.reference.color}
                    strokeDasharray="6 4"
                    dot={false}
                    activeDot={false}
                    isAnimationActive={false}
                  />
                )}
              </LineChart>
            </ResponsiveContainer>
            {referenced && (
              <ResponsiveContainer
                width="100%"
                height={ERROR_HEIGHT}
                initialDimension={{ width: INITIAL_WIDTH, height: ERROR_HEIGHT }}
              >
                <LineChart data={rows} syncId={syncId} margin={MARGIN}>
                  <CartesianGrid yAxisId="error" strokeDasharray="3 3" stroke="#e2e8f0" />
                  {xAxis(true)}
                  <YAxis
                    yAxisId="error"
                    type="number"
                    scale="log"
                    domain={errors.domain}
                    ticks={errors.ticks}
                    interval={0}
                    allowDataOverflow
                    tick={AXIS_FONT}
                    tickFormatter={formatDecade}
                    width={leftWidth}
                    label={axisTitle('|Error| (mHa)', 'left')}
                  />
                  {showSubspace && (
                    <YAxis
                      yAxisId="spacer"
                      orientation="right"
                      width={rightWidth}
                      tick={false}
                      axisLine={false}
                    />
                  )}
                  <ReferenceArea
                    yAxisId="error"
                    y1={errors.domain[0]}
                    y2={CHEMICAL_ACCURACY_MHA}
                    fill={SERIES.accuracy.color}
                    fillOpacity={BAND_OPACITY}
                    ifOverflow="hidden"
                  />
                  <Tooltip formatter={tooltipValue} labelFormatter={stepLabel} />
                  <Line
                    yAxisId="error"
                    type="linear"
                    dataKey="errorSize"
                    name={SERIES.error.name}
                    stroke={SERIES.error.color}
                    strokeWidth={1.5}
                    dot={dot}
                    activeDot={activeDot}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            )}
          </div>
          <table className="sr-only">
            <caption>Energy data points</caption>
            <thead>
              <tr>
                <th scope="col">Iteration</th>
                <th scope="col">Energy (Ha)</th>
                <th scope="col">Exact Energy (Ha)</th>
                <th scope="col">Error (mHa)</th>
                <th scope="col">Subspace size</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.step}>
                  <th scope="row">{stepLabel(row.step)}</th>
                  <td>{formatEnergy(row.energy)}</td>
                  <td>{row.reference === null ? '-' : formatEnergy(row.reference)}</td>
                  <td>{row.errorMha === null ? '-' : formatMha(row.errorMha)}</td>
                  <td>{formatCount(row.subspace)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
