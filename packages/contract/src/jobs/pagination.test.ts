import { describe, expect, it } from 'vitest';
import { PAGE_GAP, pageCount, pageNumbers, showingText } from './pagination.ts';

const ___ = PAGE_GAP;

describe('pageNumbers', () => {
  it('shows every page up to 7', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('collapses 8 pages around the current one', () => {
    expect(pageNumbers(1, 8)).toEqual([1, 2, 3, ___, 8]);
    expect(pageNumbers(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageNumbers(8, 8)).toEqual([1, ___, 6, 7, 8]);
  });

  it.each([
    [1, [1, 2, 3, ___, 20]],
    [3, [1, 2, 3, 4, 5, ___, 20]],
    [5, [1, 2, 3, 4, 5, 6, 7, ___, 20]],
    [6, [1, ___, 4, 5, 6, 7, 8, ___, 20]],
    [10, [1, ___, 8, 9, 10, 11, 12, ___, 20]],
    [15, [1, ___, 13, 14, 15, 16, 17, ___, 20]],
    [16, [1, ___, 14, 15, 16, 17, 18, 19, 20]],
    [20, [1, ___, 18, 19, 20]],
  ])('20 pages, current %d', (current, expected) => {
    expect(pageNumbers(current, 20)).toEqual(expected);
  });

  it('clamps a current page outside the range', () => {
    expect(pageNumbers(0, 20)).toEqual(pageNumbers(1, 20));
    expect(pageNumbers(99, 20)).toEqual(pageNumbers(20, 20));
  });

  it('never repeats a page, never shows two gaps in a row and never hides a single page', () => {
    for (let total = 8; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = pageNumbers(current, total);
        const pages = items.filter((item) => item !== PAGE_GAP);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages).toContain(current);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        items.forEach((item, i) => {
          if (item !== PAGE_GAP) return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });
});

describe('pageCount and showingText', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(250, 100)).toBe(3);
  });

  it('describes the page shown', () => {
    expect(showingText(1, 10, 25)).toBe('Showing 1-10 of 25 jobs (Page 1 of 3)');
    expect(showingText(3, 10, 25)).toBe('Showing 21-25 of 25 jobs (Page 3 of 3)');
    expect(showingText(1, 50, 50)).toBe('Showing 1-50 of 50 jobs (Page 1 of 1)');
    expect(showingText(1, 10, 0)).toBe('Showing 0-0 of 0 jobs (Page 1 of 1)');
  });
});
