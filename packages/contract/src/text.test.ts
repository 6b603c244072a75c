import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_MESSAGES, displayName, multilineText, textProblem } from './text.ts';

describe('textProblem', () => {
  it.each([
    ['NUL', '\u0000', TEXT_MESSAGES.control],
    ['BEL', '\u0007', TEXT_MESSAGES.control],
    ['ESC', '\u001b', TEXT_MESSAGES.control],
    ['DEL', '\u007f', TEXT_MESSAGES.control],
    ['C1 CSI', '\u009b', TEXT_MESSAGES.control],
    ['a lone high surrogate', '\ud800', TEXT_MESSAGES.unicode],
    ['a lone low surrogate', '\udc00', TEXT_MESSAGES.unicode],
    ['RLO', '\u202e', TEXT_MESSAGES.bidi],
    ['LRE', '\u202a', TEXT_MESSAGES.bidi],
    ['RLI', '\u2067', TEXT_MESSAGES.bidi],
    ['PDI', '\u2069', TEXT_MESSAGES.bidi],
  ])('refuses %s anywhere', (_, character, message) => {
    expect(textProblem(`a${character}b`, false)).toBe(message);
    expect(textProblem(`a${character}b`, true)).toBe(message);
  });

  it.each([
    ['LF', '\n'],
    ['CR', '\r'],
    ['TAB', '\t'],
  ])('allows %s only in multi-line text', (_, character) => {
    expect(textProblem(`a${character}b`, false)).toBe(TEXT_MESSAGES.lineBreak);
    expect(textProblem(`a${character}b`, true)).toBeNull();
  });

  it('accepts text in any script, emoji and the marks and joiners that scripts need', () => {
    for (const text of ['Zoë Ångström', '山田太郎', 'שלום\u200f', 'می‌خواهم', '👩‍🔬', 'a\u00a0b']) {
      expect(textProblem(text, false)).toBeNull();
    }
  });
});

describe('displayName', () => {
  const name = displayName(z.string().trim().min(1));

  it('refuses invisible characters a look-alike name would hide, and everything textProblem refuses', () => {
    for (const spoof of ['Ad\u200bmin', 'Ad\u2060min', 'Ad\ufeffmin', 'Admin\u202e', 'Ad\nmin']) {
      expect(name.safeParse(spoof).success).toBe(false);
    }
    expect(name.safeParse('Ad\u200bmin').error?.issues[0].message).toBe(TEXT_MESSAGES.invisible);
  });

  it('accepts real names, trimmed', () => {
    expect(name.parse('  Zoë Ångström ')).toBe('Zoë Ångström');
    expect(name.parse('می‌خواهم')).toBe('می‌خواهم');
  });
});

describe('multilineText', () => {
  it('marks the schema in its JSON Schema, keeping its rules', () => {
    const geometry = multilineText(z.string().max(5));
    expect(z.toJSONSchema(z.object({ geometry }))).toMatchObject({
      properties: { geometry: { type: 'string', maxLength: 5, 'x-multiline': true } },
    });
    expect(geometry.safeParse('123456').success).toBe(false);
  });
});
