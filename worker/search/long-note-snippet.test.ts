// Snippets of long notes whose first 4,000 characters lack the query's words:
// the first occurrence further in is now found in JavaScript (hits.ts
// locateInBody) where SQL used instr(lower(body), word). Both must agree to
// the character, and the search tool's snippets must be those the SQL way
// gives (real engine, real SQLite, real snippet code).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { bodyLocator, locateInBody, locateInNote, locatorPattern } from './hits';
import { locators, makeSnippet } from './snippet';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `lorem${i % 7}`).join(' ');
const pad = filler(900); // about 6,300 characters: past the 4,000-character head
const BODIES: Record<string, string> = {
  plain: `${pad} the Anemometer measures wind ${filler(50)}`,
  upper: `${pad} ANEMOMETERS and anemometer ${filler(50)}`,
  // Characters before the match that are two UTF-16 units (SQLite counts one).
  astral: `${'😀𝒜 '.repeat(1500)}${pad} an anemometer here ${'𝒜'.repeat(3000)}`,
  // Non-ASCII letters SQL lower() leaves alone and a case-insensitive regex must not fold to ASCII.
  folds: `${pad} İNDEX ıNDEX Kelvin \u212Aelvin ſtreet \u017Ftreet street kelvin index ${filler(40)}`,
  cjk: `${pad} 東京の風速計について ${filler(40)}`,
  midword: `${pad} xanemometerx is no word; later an anemometer ${filler(2000)}`,
  nowhere: `${pad} nothing to see`,
  'near-start': `${filler(560)} anemometer ${pad}`,
  // locateInNote decodes the body's bytes in pieces, the first 16,384 bytes long (ASCII here: one byte a character).
  // A longer alternative cut by the piece's end, a shorter one inside it ("nemo" in "anemometer"): the longer one starts first.
  'cut-at-piece': `${pad.padEnd(16_384 - 6, ' ')}anemometer nemo ${filler(40)}`,
  // A three-byte character cut by the piece's end, the words just after it.
  'cjk-at-piece': `${pad.padEnd(16_384 - 4, ' ')}東京の風速計 ${filler(40)}`,
  // Past several pieces (16 KB, then 64 KB, 256 KB), in a body of a megabyte and more.
  huge: `${filler(40_000)} the anemometer of Kelvin street ${filler(150_000)}`,
  // The window ends exactly where the body does, and one character before.
  'ends-at-window': `${pad} anemometer ${'w'.repeat(4_489)}`,
  'ends-after-window': `${pad} anemometer ${'w'.repeat(4_490)}`,
};

let engine: Engine;
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (const [name, body] of Object.entries(BODIES)) files[`l/${name}.md`] = `---\ntitle: ${name} anemometer street kelvin index 東京 風速計\n---\n${body}\n`;
  engine = await engineWith(files, 'long');
});

const bodyOf = (path: string) => engine.db.get<{ body: string }>('SELECT c.body FROM contents c JOIN entries e ON e.id = c.entry_id WHERE e.path = ?', [path])!.body;

/** The first occurrence and window as SQL located them before. */
function sqlLocate(path: string, where: string[]): { at: number | null; n: number; window: string } {
  const id = engine.db.get<{ id: number }>('SELECT id FROM entries WHERE path = ?', [path])!.id;
  const r = engine.db.get<{ at: number; n: number }>(
    `WITH t(b) AS MATERIALIZED (SELECT lower(body) FROM contents WHERE entry_id = ?)
     SELECT min(${where.map(() => 'coalesce(nullif(instr(b, ?), 0), 9e15)').join(', ')}) AS at, length(b) AS n FROM t`,
    [id, ...where],
  )!;
  if (r.at >= 9e15) return { at: null, n: 0, window: '' };
  const from = Math.max(1, r.at - 1500);
  const window = engine.db.get<{ w: string }>('SELECT substr(body, ?, 6000) AS w FROM contents WHERE entry_id = ?', [from, id])!.w;
  return { at: r.at, n: r.n, window };
}

const QUERIES = ['anemometer', 'Anemometers wind', 'street', 'kelvin', 'index', '東京 風速計', 'wind speed', 'lorem3 anemometer'];

describe('locating the words of a long note', () => {
  it('finds the same character, length and window as SQL instr(lower(body))', () => {
    for (const q of QUERIES) {
      const where = locators(q.split(' ').map((text) => ({ text, prefix: false })));
      const re = locatorPattern(where)!;
      for (const name of Object.keys(BODIES)) {
        const path = `l/${name}.md`;
        expect(locateInBody(bodyOf(path), re), `${q} in ${name}`).toEqual(sqlLocate(path, where));
      }
    }
  });

  it('finds the same from the stored bytes, decoding only as far as needed (locateInNote)', () => {
    for (const q of [...QUERIES, 'anemometer nemo']) {
      const where = locators(q.split(' ').map((text) => ({ text, prefix: false })));
      const re = locatorPattern(where)!;
      for (const name of Object.keys(BODIES)) {
        const id = engine.db.get<{ id: number }>('SELECT id FROM entries WHERE path = ?', [`l/${name}.md`])!.id;
        const whole = locateInBody(bodyOf(`l/${name}.md`), re);
        const mine = locateInNote(engine.db, id, bodyLocator(where)!);
        expect({ at: mine.at, window: mine.window }, `${q} in ${name}`).toEqual({ at: whole.at, window: whole.window });
        // The length is exact unless the body goes on past a window of one-unit characters: then it is the window's end + 1.
        const from = Math.max(1, (whole.at ?? 1) - 1500);
        const beyond = whole.at !== null && whole.n > from - 1 + 6000 && !/[\ud800-\udfff]/.test(whole.window);
        expect(mine.n, `${q} in ${name}`).toBe(beyond ? from - 1 + 6001 : whole.n);
      }
    }
    const at = (name: string, q: string) => locateInBody(bodyOf(`l/${name}.md`), locatorPattern(locators([{ text: q, prefix: false }]))!).at;
    // The cases above are where they should be: at the piece's end, and past 256 KB.
    expect(at('cut-at-piece', 'anemometer')).toBe(16_384 - 6 + 1);
    expect(at('huge', 'anemometer')).toBeGreaterThan(256 * 1024);
  });

  it('gives the search tool the snippets the SQL location gave', async () => {
    let further = 0;
    for (const q of QUERIES) {
      const r = ok(await engine.call('search', { query: q, page_size: 50 }));
      const where = locators(r.results.length ? q.split(' ').map((text) => ({ text, prefix: false })) : []);
      for (const hit of r.results) {
        const body = bodyOf(hit.path);
        const head = body.slice(0, 4000);
        const terms = q.split(' ').map((text) => ({ text, prefix: false }));
        let expected = makeSnippet(head, terms, { requireHit: true, fullLength: 4001 });
        if (expected === null) {
          const s = sqlLocate(hit.path, where);
          if (s.at !== null) expected = makeSnippet(s.window, terms, { requireHit: true, fullLength: s.n, windowStart: Math.max(1, s.at - 1500) - 1 });
          if (expected !== null) further++;
        }
        expect(hit.snippet, `${q}: ${hit.path}`).toBe(expected ?? makeSnippet(head, terms, { fullLength: 4001 }));
      }
    }
    // The case this guards: snippets cut from a window found past the head.
    expect(further).toBeGreaterThan(5);
  });
});
