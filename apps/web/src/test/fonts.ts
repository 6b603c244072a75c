import { vi } from 'vitest';

/**
 * A browser whose fonts draw Hangul (`hasHangulFont`) or not, as `canRenderHangul` sees it: a FontFaceSet, and a
 * canvas where each syllable is its own full-em glyph, or every one the same half-em missing-glyph box.
 */
export function stubHangulFonts(hasHangulFont: boolean): void {
  let drawn = '';
  const context = {
    canvas: { width: 0, height: 0 },
    font: '',
    clearRect: () => {},
    fillText: (text: string) => {
      drawn = text;
    },
    getImageData: () => ({ data: hasHangulFont ? [...drawn].map((char) => char.charCodeAt(0)) : [0, 255] }),
    measureText: () => ({ width: hasHangulFont ? 32 : 16 }),
  };
  Object.defineProperty(document, 'fonts', { value: {}, configurable: true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
}
