import { describe, expect, it } from 'vitest';
import { figureSvg, type LegendEntry } from './chart-export.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A drawn panel: an SVG whose look partly comes from the page's style sheet. */
function panel(width: number, height: number): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  const label = document.createElementNS(SVG_NS, 'text');
  label.setAttribute('class', 'tick');
  label.textContent = '-1.138 <&>';
  svg.append(label);
  document.body.append(svg);
  return svg;
}

const LEGEND: LegendEntry[] = [
  { name: 'Energy (Ha)', color: '#4338ca', mark: 'line' },
  { name: 'Exact Energy (Ha)', color: '#15803d', mark: 'dashed' },
  { name: 'Chemical accuracy (1.6 mHa)', color: '#16a34a', mark: 'band' },
];

const parse = (markup: string) => new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;

describe('chart figure', () => {
  it('stacks the panels under the title and legend, with the page styles written onto each element', () => {
    const style = document.createElement('style');
    style.textContent = '.tick { fill: rgb(71, 85, 105); font-size: 11px; }';
    document.head.append(style);
    const figure = figureSvg([panel(560, 200), panel(560, 150)], 'Energy Convergence', LEGEND);
    const root = parse(figure.markup);
    expect(root.querySelector('parsererror')).toBeNull();
    const [energy, error] = [...root.querySelectorAll(':scope > svg')];
    const legendBottom = Number(energy.getAttribute('y'));
    expect(Number(error.getAttribute('y'))).toBe(legendBottom + 200);
    expect(figure).toMatchObject({ width: 560, height: legendBottom + 350 });
    expect(root.getAttribute('viewBox')).toBe(`0 0 560 ${figure.height}`);
    expect(energy.querySelector('text')?.textContent).toBe('-1.138 <&>');
    expect(energy.querySelector('text')?.getAttribute('style')).toContain('fill:rgb(71, 85, 105)');
    style.remove();
  });

  it('wraps the legend onto a new row rather than past the edge', () => {
    const wide = parse(figureSvg([panel(800, 100)], 'Title', LEGEND).markup);
    const narrow = parse(figureSvg([panel(250, 100)], 'Title', LEGEND).markup);
    const rows = (root: Element) =>
      new Set([...root.querySelectorAll(':scope > text')].slice(1).map((text) => text.getAttribute('y')))
        .size;
    expect(rows(wide)).toBe(1);
    expect(rows(narrow)).toBe(3);
    for (const text of [...narrow.querySelectorAll(':scope > text')].slice(1)) {
      const name = text.textContent ?? '';
      expect(Number(text.getAttribute('x')) + name.length * 7.2).toBeLessThanOrEqual(250);
    }
    expect(Number(narrow.querySelector(':scope > svg')?.getAttribute('y'))).toBeGreaterThan(
      Number(wide.querySelector(':scope > svg')?.getAttribute('y')),
    );
  });
});
