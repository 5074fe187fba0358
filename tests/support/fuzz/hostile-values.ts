import fc from 'fast-check';

/** Strings that have broken parsers, databases and UIs before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\u202Eтекст',
  '\u200B',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  '🏳️‍🌈',
  '𝕏𝕐',
  'Ｆｕｌｌ',
  '﷽',
  '\r\n\r\n',
  '\t',
  '../../etc/passwd',
  '..\\..\\win.ini',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '%00',
  '%',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1e309',
  ' 1 ',
  '1.5',
  '-1',
  '9'.repeat(40),
  'null',
  'true',
  '[]',
  '{}',
];

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  -(2 ** 31),
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 64,
  1e308,
  -1e308,
  1e-9,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** Strings of every kind: ordinary, any Unicode (lone surrogates too), the nasty list, and huge ones. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(1_000, 5_000, 70_000).chain((n) => fc.constantFrom('я'.repeat(n), 'x'.repeat(n), '😀'.repeat(n / 2))),
);

const hostileNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...NASTY_NUMBERS));

const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** Any JSON value: scalars, arrays where objects are expected, objects with odd keys, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'initData', 'id', '$where')),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** The seed value itself, or something else in its place (strings for numbers, arrays for ids...). */
export const replacementFor = (seed: unknown): fc.Arbitrary<unknown> =>
  fc.oneof(
    hostileValue,
    fc.constant(String(seed)),
    fc.constant([seed]),
    fc.constant({ value: seed }),
    typeof seed === 'number' ? fc.constantFrom(-seed, seed + 1, seed * 1e6, 0, seed + 0.5) : hostileString,
  );
