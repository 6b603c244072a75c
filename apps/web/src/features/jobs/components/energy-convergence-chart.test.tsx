import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { historyPoint } from '../testing/result-fixtures.ts';
import { EnergyConvergenceChart } from './energy-convergence-chart.tsx';

const legend = (container: HTMLElement) =>
  [...container.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);

describe('energy convergence chart', () => {
  it('draws no reference line and no error series when the job has neither exact energy nor CASCI', () => {
    const points = [historyPoint(1, -1.13, null), historyPoint(2, -1.137, null)];
    const { container } = render(<EnergyConvergenceChart points={points} exactEnergy={undefined} />);
    expect(legend(container)).toEqual(['Energy (Ha)']);
  });

  it('draws the reference and the error when there is one', () => {
    const points = [historyPoint(1, -1.13, 0.0073), historyPoint(2, -1.137, 0.0003)];
    const { container } = render(<EnergyConvergenceChart points={points} exactEnergy={-1.1373} />);
    expect(legend(container)).toEqual(['Energy (Ha)', 'Error (Ha)', 'Exact Energy (Ha)']);
  });
});
