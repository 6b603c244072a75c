import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { LegendEntry } from '../chart-export.ts';
import { linearAxis } from '../energy-chart-data.ts';
import { scanEnergyDomain, type ScanCurveRow } from './scan-curve-data.ts';

const CHART_HEIGHT = 300;

/** The series of the curve: the engine's energy, RHF, and the reference (the user's value or CASCI), dashed. */
const SERIES = [
  { key: 'final', name: 'HI-VQE energy (Ha)', stroke: '#4f46e5', dashed: false },
  { key: 'rhf', name: 'RHF energy (Ha)', stroke: '#0f766e', dashed: false },
  { key: 'reference', name: 'Reference energy (Ha)', stroke: '#64748b', dashed: true },
] as const;

const bondLabel = (bond: unknown) => `${String(bond)} Å`;

/** The series that have at least one point: those the chart draws. */
const drawnSeries = (rows: readonly ScanCurveRow[]) =>
  SERIES.filter((series) => rows.some((row) => row[series.key] !== null));

/** The exported figure's legend: the drawn series, as the chart draws them. */
export const curveLegend = (rows: readonly ScanCurveRow[]): LegendEntry[] =>
  drawnSeries(rows).map(({ name, stroke, dashed }) => ({
    name,
    color: stroke,
    mark: dashed ? 'dashed' : 'line',
  }));

/**
 * The scan's potential-energy curve: each energy against the bond length. A bond length whose job has not
 * finished has no point yet, so the curve fills in as the jobs finish.
 */
export function PotentialEnergyCurve({ rows }: { rows: readonly ScanCurveRow[] }) {
  const domain = scanEnergyDomain(rows);
  if (domain === undefined) {
    return (
      <p className="flex h-40 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500">
        No energies yet: the curve fills in as the jobs finish.
      </p>
    );
  }
  // Round ticks with just the decimals that tell them apart, as on the convergence chart.
  const axis = linearAxis(domain);
  const drawn = drawnSeries(rows);
  return (
    <ResponsiveContainer
      width="100%"
      height={CHART_HEIGHT}
      initialDimension={{ width: 720, height: CHART_HEIGHT }}
    >
      <LineChart data={[...rows]} margin={{ top: 10, right: 30, bottom: 30, left: 30 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="bondLength"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(bond: number) => bond.toFixed(2)}
          label={{ value: 'Bond length (Å)', position: 'insideBottom', offset: -18 }}
        />
        <YAxis
          domain={axis.domain}
          ticks={axis.ticks}
          width={90}
          tickFormatter={(energy: number) => energy.toFixed(axis.decimals)}
          label={{ value: 'Energy (Ha)', angle: -90, position: 'insideLeft', offset: -18 }}
        />
        <Tooltip
          formatter={(value: unknown) => (typeof value === 'number' ? value.toFixed(8) : String(value))}
          labelFormatter={bondLabel}
        />
        <Legend verticalAlign="top" />
        {drawn.map((series) => (
          <Line
            key={series.key}
            type="monotone"
            dataKey={series.key}
            name={series.name}
            stroke={series.stroke}
            strokeDasharray={series.dashed ? '6 4' : undefined}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
