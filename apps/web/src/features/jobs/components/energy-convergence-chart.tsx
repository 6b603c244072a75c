import type { EnergyDataPoint } from '@hivqe/contract';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { energyDomain, energyRows, formatEnergy } from '../energy-chart-data.ts';

interface EnergyConvergenceChartProps {
  points: readonly EnergyDataPoint[];
  exactEnergy: number | undefined;
}

const CHART_HEIGHT = 320;
const stepLabel = (step: unknown) => `Step ${String(step)}`;
const tooltipValue = (value: unknown) => (typeof value === 'number' ? formatEnergy(value) : String(value));

/**
 * 'Energy Convergence' (jobs.md 2.3): energy, error on a right-hand axis and the exact energy dashed, per
 * iteration. The same numbers are in a visually hidden table, so they can be read without the drawing.
 */
export function EnergyConvergenceChart({ points, exactEnergy }: EnergyConvergenceChartProps) {
  const rows = energyRows(points, exactEnergy);
  const latest = rows.at(-1);
  // Without a reference (no exact energy and no CASCI) there is no error to draw.
  const hasError = rows.some((row) => row.error !== null);
  return (
    <section aria-label="Energy Convergence" className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">Energy Convergence</h3>
      {latest === undefined ? (
        <p className="flex h-40 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500">
          No energy data available
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Latest energy: {formatEnergy(latest.energy)} Ha (Step {latest.step})
            {latest.error !== null && `, error ${formatEnergy(latest.error)} Ha`}
          </p>
          <ResponsiveContainer
            width="100%"
            height={CHART_HEIGHT}
            initialDimension={{ width: 640, height: CHART_HEIGHT }}
          >
            <LineChart data={rows} margin={{ top: 10, right: 30, bottom: 20, left: 20 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                dataKey="step"
                tickFormatter={stepLabel}
                label={{ value: 'Iteration', position: 'insideBottom', offset: -10 }}
              />
              <YAxis
                yAxisId="energy"
                domain={energyDomain(rows)}
                tickFormatter={(value: number) => value.toFixed(3)}
                label={{ value: 'Energy (Ha)', angle: -90, position: 'insideLeft' }}
              />
              {hasError && (
                <YAxis
                  yAxisId="error"
                  orientation="right"
                  label={{ value: 'Error (Ha)', angle: 90, position: 'insideRight' }}
                />
              )}
              <Tooltip formatter={tooltipValue} labelFormatter={stepLabel} />
              <Legend verticalAlign="top" />
              <Line
                yAxisId="energy"
                type="monotone"
                dataKey="energy"
                name="Energy (Ha)"
                stroke="#4f46e5"
                isAnimationActive={false}
              />
              {hasError && (
                <Line
                  yAxisId="error"
                  type="monotone"
                  dataKey="error"
                  name="Error (Ha)"
                  stroke="#dc2626"
                  isAnimationActive={false}
                />
              )}
              {exactEnergy !== undefined && (
                <Line
                  yAxisId="energy"
                  dataKey="exact"
                  name="Exact Energy (Ha)"
                  stroke="#16a34a"
                  strokeDasharray="6 4"
                  dot={false}
                  isAnimationActive={false}
                />
              )}
            </LineChart>
          </ResponsiveContainer>
          <table className="sr-only">
            <caption>Energy data points</caption>
            <thead>
              <tr>
                <th scope="col">Iteration</th>
                <th scope="col">Energy (Ha)</th>
                <th scope="col">Error (Ha)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.step}>
                  <th scope="row">{stepLabel(row.step)}</th>
                  <td>{formatEnergy(row.energy)}</td>
                  <td>{row.error === null ? '-' : formatEnergy(row.error)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
