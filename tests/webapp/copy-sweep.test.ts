import { describe, expect, it } from 'vitest';

/** Every .ts/.tsx file under the folders whose strings users read: the app, the bot and the shared contracts. */
const SOURCES = import.meta.glob<string>(['../../webapp/**/*.{ts,tsx}', '../../bot/**/*.ts', '../../contracts/**/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Spellings the copy sweep of issue #24 removed; each would creep back one string at a time. */
const BANNED: [string, RegExp][] = [
  ["'репорт' (the app says 'жалоба')", /репорт/iu],
  ["'еще' (the app writes 'ещё')", /(?<!\p{L})[Ее]ще(?!\p{L})/u],
  ["'черный' (the app writes 'чёрный')", /(?<!\p{L})[Чч]ерн(ый|ого|ом|ому|ая|ой|ые|ых|ым|ую)(?!\p{L})/u],
  ["'запрещен' (the app writes 'запрещён')", /(?<!\p{L})[Зз]апрещен(?!\p{L})/u],
  ["a unit glued to a number ('6м'; write '6 мин', '6 мес.')", /\d[мдчн](?!\p{L})/u],
  ['a developer step name on the loading screen', /Сообщаем Telegram о готовности|Разворачиваем окно|'Инициализация'/u],
];

describe('the copy sweep stays done', () => {
  const files = Object.entries(SOURCES).map(([path, text]) => ({ path: path.replace('../..', ''), text }));

  it('scans the app, the bot and the shared contracts', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(BANNED)('no source file has %s', (_, pattern) => {
    const offenders = files.flatMap(({ path, text }) =>
      text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
