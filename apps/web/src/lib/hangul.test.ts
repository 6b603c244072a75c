import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubHangulFonts } from '../test/fonts.ts';

/** A fresh module each time: the verdict is kept for the page's life. */
const load = () => import('./hangul.ts');

describe('Hangul fallback', () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'fonts');
  });

  it('keeps Korean where a font draws it', async () => {
    stubHangulFonts(true);
    const { canRenderHangul, readableText } = await load();
    expect(canRenderHangul()).toBe(true);
    expect(readableText('기본 설정', 'Basic Settings')).toBe('기본 설정');
  });

  it('falls back to English where every syllable is the same box', async () => {
    stubHangulFonts(false);
    const { canRenderHangul, readableText } = await load();
    expect(canRenderHangul()).toBe(false);
    expect(readableText('기본 설정', 'Basic Settings')).toBe('Basic Settings');
    // Text in another script, or without an English form, is left as it is.
    expect(readableText('Review', 'Other')).toBe('Review');
    expect(readableText('검토 및 생성', undefined)).toBe('검토 및 생성');
  });

  it('keeps the text where it cannot tell (no FontFaceSet, as in jsdom)', async () => {
    const { canRenderHangul } = await load();
    expect(canRenderHangul()).toBe(true);
  });
});
