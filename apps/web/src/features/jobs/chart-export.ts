/**
 * A figure of one or more chart panels as a standalone SVG, and that SVG drawn to a PNG: what a reader puts in a
 * paper. The panels' look comes partly from the page's style sheets, which a file does not carry, so the
 * properties that decide it are copied onto each element.
 */

export interface LegendEntry {
  name: string;
  color: string;
  /** A series' line, a dashed reference line, or a shaded band. */
  mark: 'line' | 'dashed' | 'band';
}

/** A band's fill opacity, on screen and in the file. */
export const BAND_OPACITY = 0.15;

const SVG_NS = 'http://www.w3.org/2000/svg';
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
] as const;
const TITLE_HEIGHT = 28;
const LEGEND_HEIGHT = 22;
const LEGEND_INDENT = 16;
const SWATCH_WIDTH = 24;
/** Generous for 12px Helvetica/Arial, so that an estimate never runs into the next entry. */
const LEGEND_CHAR_WIDTH = 7.2;
const FONT = 'font-family="Helvetica, Arial, sans-serif"';
/** PNGs at twice the screen's size, for print. */
const PNG_SCALE = 2;

function inlineStyles(source: Element, copy: Element): void {
  const computed = getComputedStyle(source);
  const declarations = STYLE_PROPERTIES.flatMap((property) => {
    const value = computed.getPropertyValue(property);
    return value ? [`${property}:${value}`] : [];
  });
  if (declarations.length > 0) copy.setAttribute('style', declarations.join(';'));
  [...source.children].forEach((child, index) => {
    const copiedChild = copy.children[index];
    if (copiedChild) inlineStyles(child, copiedChild);
  });
}

const sizeOf = (svg: SVGSVGElement) => ({
  width: Number(svg.getAttribute('width')) || svg.getBoundingClientRect().width,
  height: Number(svg.getAttribute('height')) || svg.getBoundingClientRect().height,
});

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A legend label's width, estimated: the file is drawn where the page's fonts cannot be measured. */
const labelWidth = (name: string) => name.length * LEGEND_CHAR_WIDTH;

/** The legend's entries in rows that fit `width`, each row LEGEND_HEIGHT high, from `top`. */
function legendMarkup(
  entries: readonly LegendEntry[],
  width: number,
  top: number,
): { markup: string; height: number } {
  let x = LEGEND_INDENT;
  let y = top + LEGEND_HEIGHT / 2;
  const items = entries.map(({ name, color, mark }) => {
    const itemWidth = SWATCH_WIDTH + 6 + labelWidth(name);
    if (x > LEGEND_INDENT && x + itemWidth > width) {
      x = LEGEND_INDENT;
      y += LEGEND_HEIGHT;
    }
    const swatch =
      mark === 'band'
        ? `<rect x="${x}" y="${y - 5}" width="${SWATCH_WIDTH}" height="10" fill="${color}" fill-opacity="${BAND_OPACITY}"/>`
        : `<line x1="${x}" x2="${x + SWATCH_WIDTH}" y1="${y}" y2="${y}" stroke="${color}" stroke-width="2"` +
          `${mark === 'dashed' ? ' stroke-dasharray="6 4"' : ''}/>`;
    const item =
      swatch +
      `<text x="${x + SWATCH_WIDTH + 6}" y="${y}" dominant-baseline="middle" font-size="12" fill="#334155" ${FONT}>` +
      `${escapeXml(name)}</text>`;
    x += itemWidth + 18;
    return item;
  });
  return { markup: items.join(''), height: y + LEGEND_HEIGHT / 2 - top };
}

export interface FigureSvg {
  markup: string;
  width: number;
  height: number;
}

/** The panels stacked under a title and a legend, on white, as one SVG document. */
export function figureSvg(
  panels: readonly SVGSVGElement[],
  title: string,
  legend: readonly LegendEntry[],
): FigureSvg {
  const width = Math.max(...panels.map((panel) => sizeOf(panel).width));
  const key = legendMarkup(legend, width, TITLE_HEIGHT);
  let y = TITLE_HEIGHT + key.height;
  const serializer = new XMLSerializer();
  const bodies = panels.map((panel) => {
    const copy = panel.cloneNode(true) as SVGSVGElement;
    inlineStyles(panel, copy);
    const { height } = sizeOf(panel);
    copy.setAttribute('x', '0');
    copy.setAttribute('y', String(y));
    copy.setAttribute('width', String(width));
    copy.setAttribute('height', String(height));
    y += height;
    return serializer.serializeToString(copy);
  });
  const markup =
    `<svg xmlns="${SVG_NS}" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="16" y="${TITLE_HEIGHT - 8}" font-size="15" font-weight="600" fill="#0f172a" ${FONT}>` +
    `${escapeXml(title)}</text>` +
    key.markup +
    bodies.join('') +
    '</svg>';
  return { markup, width, height: y };
}

/** The figure drawn on a canvas at PNG_SCALE; needs `img-src blob:` in the page's CSP. */
export async function figurePng({ markup, width, height }: FigureSvg): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * PNG_SCALE);
    canvas.height = Math.round(height * PNG_SCALE);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw a PNG');
    context.scale(PNG_SCALE, PNG_SCALE);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot draw a PNG'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
