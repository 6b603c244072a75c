const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/;

/** Two different syllables: drawn by a font that has them they differ; with none, both are the same empty box. */
const SAMPLES = ['가', '힣'] as const;
const SIZE = 32;

/** The answer per font set: one per page in a browser (a test that stubs the fonts brings a new one). */
const verdicts = new WeakMap<object, boolean>();

/** The pixels of `text` drawn in the page's own font at SIZE px, and how wide it is in ems. */
function draw(context: CanvasRenderingContext2D, text: string): { pixels: string; ems: number } {
  context.clearRect(0, 0, SIZE * 2, SIZE * 2);
  context.fillText(text, 0, SIZE);
  const { data } = context.getImageData(0, 0, SIZE * 2, SIZE * 2);
  return { pixels: data.join(','), ems: context.measureText(text).width / SIZE };
}

/**
 * Whether a font on this machine draws Hangul (issue 30: without one, Korean titles are rows of boxes). A Hangul
 * syllable is a full em wide and each one differs, while the missing-glyph box is narrower and the same for all.
 * Answered once per page; true where it cannot be told (no FontFaceSet or canvas, as in jsdom), so the spec's
 * text stays.
 */
export function canRenderHangul(): boolean {
  if (!('fonts' in document)) return true;
  const fonts: object = document.fonts;
  let verdict = verdicts.get(fonts);
  if (verdict === undefined) {
    verdict = drawsHangul();
    verdicts.set(fonts, verdict);
  }
  return verdict;
}

function drawsHangul(): boolean {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return true;
  context.canvas.width = SIZE * 2;
  context.canvas.height = SIZE * 2;
  context.font = `${SIZE}px ${getComputedStyle(document.body).fontFamily}`;
  const [first, second] = SAMPLES.map((sample) => draw(context, sample));
  return first.pixels !== second.pixels && first.ems > 0.8;
}

/** `text`, or `fallback` when `text` is written in Hangul and no font here can draw it. */
export function readableText(text: string, fallback: string | undefined): string {
  return fallback !== undefined && HANGUL.test(text) && !canRenderHangul() ? fallback : text;
}
