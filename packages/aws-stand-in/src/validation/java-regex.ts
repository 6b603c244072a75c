/**
 * botocore's `pattern` strings come from Java regular expressions. Most are valid ECMAScript with the `u`
 * flag as written (`\p{L}`, `\p{Z}`, `\p{N}` mean the same there); the Java-only spellings below are
 * rewritten. What has no ECMAScript equivalent (possessive quantifiers, atomic groups, `\p{java…}`
 * classes, Unicode blocks `\p{In…}`, inline flags, `\Q…\E`) makes the translation throw (a test translates every pattern of the three models).
 * Patterns are not anchored implicitly: like AWS (Smithy's `pattern` trait), a value matches when the
 * expression matches somewhere in it; the models write `^…$` where they mean the whole value.
 */
const POSIX_CLASSES: Record<string, string> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Space: ' \\t\\n\\x0B\\f\\r',
  XDigit: '0-9a-fA-F',
};

const UNTRANSLATABLE: Array<[RegExp, string]> = [
  [/(?<!\\)(?:[*+?]|\{\d+(?:,\d*)?\})\+/, 'possessive quantifier'],
  [/\(\?>/, 'atomic group'],
  [/\(\?[a-zA-Z]+\)/, 'inline flag'],
  [/\\p\{java/, 'Java character property'],
  [/\\[pP]\{In/, 'Unicode block'],
  [/\\[QE]/, 'quotation \\Q…\\E'],
];

export class UntranslatablePatternError extends Error {}

export function translateJavaPattern(pattern: string): RegExp {
  for (const [probe, what] of UNTRANSLATABLE) {
    if (probe.test(pattern))
      throw new UntranslatablePatternError(`pattern ${pattern}: ${what} has no ECMAScript equivalent`);
  }
  const source = pattern
    .replace(/\\A/g, '^')
    .replace(/\\[zZ]/g, '$')
    // Java's Is-prefix names a general category (IsL) or a script (IsLatin).
    .replace(/\\([pP])\{Is([A-Za-z]+)\}/g, (_, kind: string, name: string) =>
      name.length <= 2 ? `\\${kind}{${name}}` : `\\${kind}{Script=${name}}`,
    )
    .replace(/\\([pP])\{([A-Za-z]+)\}/g, (whole, kind: string, name: string) => {
      const posix = POSIX_CLASSES[name];
      if (!posix) return whole;
      return kind === 'p' ? `[${posix}]` : `[^${posix}]`;
    });
  try {
    return new RegExp(source, 'u');
  } catch (error) {
    throw new UntranslatablePatternError(
      `pattern ${pattern}: not valid ECMAScript after translation (${(error as Error).message})`,
    );
  }
}
