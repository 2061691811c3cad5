// The parser on every kind of input a real folder holds: YAML type edge
// cases, broken frontmatter, encodings, binary and empty files, huge notes,
// and the standard keys. Pure functions: no database here.
import { describe, expect, it } from 'vitest';
import { parseFile, parseNoteText, MAX_INDEXED_CHARS, type ParsedNote } from './note';
import { frontmatterRows } from './fm-rows';
import { derivePermalink, normalizeTags } from './standard-keys';

const enc = (s: string) => new TextEncoder().encode(s);
const fmOf = (yaml: string) => parseNoteText('n.md', `---\n${yaml}\n---\nbody`);
const note = (path: string, bytes: Uint8Array) => {
  const r = parseFile(path, bytes);
  if (r.kind !== 'note') throw new Error(`${path} parsed as ${r.kind}`);
  return r as ParsedNote;
};
const codes = (n: { problems: { code: string }[] }) => n.problems.map((p) => p.code);

describe('frontmatter under the YAML 1.2 core schema', () => {
  it('keeps ints, floats, booleans, null, lists and maps typed', () => {
    const n = fmOf('a: 7\nb: 1.5\nc: true\nd: ~\ne: [1, "2"]\nf:\n  g: x');
    expect(n.frontmatter).toEqual({ a: 7, b: 1.5, c: true, d: null, e: [1, '2'], f: { g: 'x' } });
    expect(n.body).toBe('body');
    expect(n.problems).toEqual([]);
  });

  it('keeps yes/no/on/off/y/n as strings (YAML 1.1 booleans are not booleans in 1.2)', () => {
    const n = fmOf('a: yes\nb: no\nc: on\nd: off\ne: y\nf: N\ng: Yes');
    expect(n.frontmatter).toEqual({ a: 'yes', b: 'no', c: 'on', d: 'off', e: 'y', f: 'N', g: 'Yes' });
  });

  it('accepts the core spellings of true, false and null', () => {
    expect(fmOf('a: True\nb: FALSE\nc: Null\nd: NULL\ne: null\nf:').frontmatter).toEqual({ a: true, b: false, c: null, d: null, e: null, f: null });
  });

  it('keeps dates, timestamps and times as the strings written', () => {
    const n = fmOf('a: 2024-06-01\nb: 2024-06-01T10:00:00Z\nc: 2001-12-14 21:59:43.10 -5\nd: 12:30');
    expect(n.frontmatter).toEqual({ a: '2024-06-01', b: '2024-06-01T10:00:00Z', c: '2001-12-14 21:59:43.10 -5', d: '12:30' });
  });

  it('reads 0x and 0o integers, but not signed hex, underscores or 0b (strings in 1.2)', () => {
    const n = fmOf('a: 0x1F\nb: 0o17\nc: 017\nd: -0x10\ne: 1_000\nf: 0b101\ng: +12\nh: 1e3\ni: .5');
    expect(n.frontmatter).toEqual({ a: 31, b: 15, c: 17, d: '-0x10', e: '1_000', f: '0b101', g: 12, h: 1000, i: 0.5 });
  });

  it('keeps .inf and .nan as their YAML spelling, since JSON has no Infinity or NaN', () => {
    const n = fmOf('a: .inf\nb: -.Inf\nc: .NaN');
    expect(n.frontmatter).toEqual({ a: '.inf', b: '-.inf', c: '.nan' });
    // Not numeric for filters: a comparison never matches them by accident.
    expect(frontmatterRows(n.frontmatter).find((r) => r.key === 'a')).toMatchObject({ t: 'str', num: null });
  });

  it('keeps every digit of integers beyond 2^53 as a string, and safe integers as numbers', () => {
    const n = fmOf('a: 123456789012345678901234567890\nb: 9007199254740993\nc: -9007199254740993\nd: 9007199254740991');
    expect(n.frontmatter).toEqual({ a: '123456789012345678901234567890', b: '9007199254740993', c: '-9007199254740993', d: 9007199254740991 });
  });

  it('keeps the last value of a duplicate key and names the key and line', () => {
    const n = fmOf('title: T\nstatus: draft\nstatus: done');
    expect(n.frontmatter).toEqual({ title: 'T', status: 'done' });
    expect(n.problems).toEqual([
      { code: 'frontmatter_duplicate_key', message: 'The frontmatter key "status" appears more than once.', action: 'Kept the last value of the repeated key.', line: 4 },
    ]);
  });

  it('finds a duplicate key inside a nested map or written with quotes, with its line', () => {
    const nested = fmOf('title: T\nschema:\n  v: 1\n  v: 2');
    expect(nested.frontmatter).toEqual({ title: 'T', schema: { v: 2 } });
    expect(nested.problems).toEqual([expect.objectContaining({ code: 'frontmatter_duplicate_key', message: 'The frontmatter key "v" appears more than once.', line: 5 })]);
    const quoted = fmOf("'a': 1\na: 2");
    expect(quoted.frontmatter).toEqual({ a: 2 });
    expect(quoted.problems).toEqual([expect.objectContaining({ code: 'frontmatter_duplicate_key', line: 3 })]);
    expect(fmOf('a: 1\nb: [1, 1]\nc: {x: 1, y: 1}').problems).toEqual([]);
  });

  it('expands anchors and aliases', () => {
    const n = fmOf('base: &b {x: 1}\nref: *b\nlist: [*b, *b]');
    expect(n.frontmatter).toEqual({ base: { x: 1 }, ref: { x: 1 }, list: [{ x: 1 }, { x: 1 }] });
  });

  it('refuses an alias bomb without hanging, keeping the body', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [k, prev] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e']]) bomb.push(`${k}: &${k} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    const n = fmOf(bomb.join('\n'));
    expect(n.frontmatter).toEqual({});
    expect(n.body).toBe('body');
    expect(n.problems[0]).toMatchObject({ code: 'frontmatter_invalid', line: 2 });
    expect(n.problems[0].message).toMatch(/alias/i);
  });

  it('reports frontmatter that is a list or a single value, and keeps the body', () => {
    const list = fmOf('- a\n- b');
    expect(list.frontmatter).toEqual({});
    expect(list.problems).toEqual([expect.objectContaining({ code: 'frontmatter_not_a_map', message: 'The frontmatter is a list, not a set of "key: value" lines.', line: 2 })]);
    expect(fmOf('just words').problems[0].message).toBe('The frontmatter is a single value, not a set of "key: value" lines.');
    expect(fmOf('just words').body).toBe('body');
  });

  it('treats an empty block and a block of only comments as no frontmatter, without a problem', () => {
    expect(parseNoteText('n.md', '---\n---\nbody')).toMatchObject({ frontmatter: {}, body: 'body', problems: [] });
    expect(parseNoteText('n.md', '---\n# just a comment\n---\nbody')).toMatchObject({ frontmatter: {}, body: 'body', problems: [] });
  });

  it('keeps a key that contains dots as written', () => {
    expect(fmOf('ms.topic: article').frontmatter).toEqual({ 'ms.topic': 'article' });
  });

  it('turns non-string keys into readable text and binary values into a placeholder', () => {
    const n = fmOf('? [a, b]\n: c\n1: one\nblob: !!binary aGVsbG8=');
    expect(n.frontmatter).toEqual({ '["a","b"]': 'c', '1': 'one', blob: '<5 bytes of binary data>' });
  });

  it('replaces a lone surrogate escape with U+FFFD so the value stays valid UTF-8', () => {
    expect(fmOf('a: "x\\ud800y"').frontmatter).toEqual({ a: 'x\uFFFDy' });
  });

  it('accepts ... as the closing delimiter and trailing spaces after ---', () => {
    expect(parseNoteText('n.md', '---  \na: 1\n...\nbody').frontmatter).toEqual({ a: 1 });
  });
});

describe('broken frontmatter never loses the note', () => {
  it('keeps the body of a note with invalid YAML and reports the file line', () => {
    const n = note('bad.md', enc('---\ntitle: ok\nlist: [1, 2\nother: x\n---\nStill here'));
    expect(n.body).toBe('Still here');
    expect(n.title).toBe('bad');
    expect(n.frontmatter).toEqual({});
    expect(n.problems).toHaveLength(1);
    expect(n.problems[0]).toMatchObject({ code: 'frontmatter_invalid', action: expect.stringMatching(/Kept and indexed the body/) });
    expect(n.problems[0].message).toMatch(/^Invalid YAML in frontmatter: .+\.$/);
    expect(n.problems[0].line).toBeGreaterThanOrEqual(3);
    expect(n.problems[0].line).toBeLessThanOrEqual(5);
  });

  it('reports tab indentation on its line', () => {
    const n = fmOf('title: ok\n\tindent: x');
    expect(n.problems[0]).toMatchObject({ code: 'frontmatter_invalid', line: 3 });
    expect(n.problems[0].message).toMatch(/tab/i);
  });

  it('indexes a file whose frontmatter block is never closed as body text', () => {
    const text = '---\ntitle: x\nnever closed\n';
    const n = parseNoteText('open.md', text);
    expect(n).toMatchObject({ head: '', body: text, frontmatter: {}, title: 'open' });
    expect(n.problems).toEqual([expect.objectContaining({ code: 'frontmatter_unterminated', line: 1 })]);
  });

  it('keeps head + body equal to the decoded file, whatever the frontmatter', () => {
    for (const text of ['---\na: 1\n---\nbody\n', '---\r\na: 1\r\n---\r\nbody\r\n', '---\nbad: [\n---\nx', 'no frontmatter', '---\nopen']) {
      const n = parseNoteText('n.md', text);
      expect(n.head + n.body).toBe(text);
    }
  });
});

describe('encodings, binary and empty files', () => {
  it('keeps a UTF-8 BOM at the start of the head (head + body is the file, so a write-back keeps it) and still finds the frontmatter', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('---\ntitle: BOM\n---\nbody')]);
    const n = note('bom.md', bytes);
    expect(n).toMatchObject({ title: 'BOM', head: '\uFEFF---\ntitle: BOM\n---\n', body: 'body', problems: [] });
    expect(enc(n.head + n.body)).toEqual(bytes);
    const plain = note('plain.md', new Uint8Array([0xef, 0xbb, 0xbf, ...enc('# Title\nbody')]));
    expect(plain).toMatchObject({ head: '\uFEFF', body: '# Title\nbody', frontmatter: {} });
    expect(plain.structure.headings).toEqual([{ line: 1, level: 1, text: 'Title' }]);
  });

  it('reads CRLF files: frontmatter, headings, observations and line numbers', () => {
    const n = note('crlf.md', enc('---\r\ntitle: CRLF\r\ntags: [a]\r\n---\r\n# Head\r\n- [fact] works #x\r\n'));
    // #x is an inline tag of the note too (Obsidian's reading), besides the observation's.
    expect(n).toMatchObject({ title: 'CRLF', tags: ['a', 'x'], problems: [] });
    expect(n.structure.headings).toEqual([{ line: 5, level: 1, text: 'Head' }]);
    expect(n.structure.observations).toEqual([{ line: 6, category: 'fact', content: 'works #x', tags: ['x'], context: null, temporal: [] }]);
  });

  it('decodes UTF-16 LE and BE files that start with a BOM', () => {
    const text = '---\ntitle: 十六\n---\n猫';
    const units = Array.from(text).map((c) => c.charCodeAt(0));
    const le = new Uint8Array([0xff, 0xfe, ...units.flatMap((u) => [u & 255, u >> 8])]);
    const be = new Uint8Array([0xfe, 0xff, ...units.flatMap((u) => [u >> 8, u & 255])]);
    for (const bytes of [le, be]) expect(note('u16.md', bytes)).toMatchObject({ title: '十六', head: '\uFEFF---\ntitle: 十六\n---\n', body: '猫', problems: [] });
  });

  it('decodes invalid UTF-8 with replacement characters and says on which line', () => {
    const n = note('latin1.md', new Uint8Array([...enc('---\ntitle: x\n---\nline one\nCaf'), 0xe9, ...enc(' au lait')]));
    expect(n.body).toBe('line one\nCaf\uFFFD au lait');
    expect(n.problems).toEqual([expect.objectContaining({ code: 'invalid_utf8', line: 5, action: expect.stringMatching(/replacement characters/) })]);
  });

  it('keeps binary content under a .md name as a file record, not a note', () => {
    const r = parseFile('image.md', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a]));
    expect(r.kind).toBe('file');
    expect(r.title).toBe('image.md');
    expect(codes(r)).toEqual(['binary_note']);
    expect(r.problems[0].action).toMatch(/as a file/);
  });

  it('indexes an empty or blank note by its name and says so', () => {
    for (const bytes of [new Uint8Array(), enc('  \n\n')]) {
      const n = note('Empty note.md', bytes);
      expect(n.title).toBe('Empty note');
      expect(codes(n)).toEqual(['empty_file']);
    }
  });

  it('treats other extensions as files whatever their content', () => {
    expect(parseFile('doc.pdf', enc('---\ntitle: not a note\n---\n'))).toEqual({ kind: 'file', path: 'doc.pdf', title: 'doc.pdf', problems: [] });
    expect(parseFile('Notes/Readme.MARKDOWN', enc('# x')).kind).toBe('note');
  });
});

describe('a 50 MB note', () => {
  it('keeps the whole body, indexes a bounded prefix and records a warning', () => {
    const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. [[Linked]]\n';
    const big = `---\ntitle: Huge\n---\n${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}- [fact] after the cut\n`;
    const n = note('huge.md', enc(big));
    expect(n.body.length).toBeGreaterThan(50 * 1024 * 1024 - 100);
    expect(n.head + n.body).toBe(big);
    expect(n.truncated).toBe(true);
    expect(n.indexedBody.length).toBe(MAX_INDEXED_CHARS);
    expect(n.body.startsWith(n.indexedBody)).toBe(true);
    // Structure is read from the indexed prefix only: the observation past the cut is not.
    expect(n.structure.observations).toEqual([]);
    expect(n.structure.relations.length).toBeGreaterThan(1000);
    expect(n.problems).toEqual([
      expect.objectContaining({ code: 'note_truncated', message: expect.stringMatching(/very large \(5\d\.\d million characters/), action: expect.stringMatching(/Indexed the first 2\.0 million characters/) }),
    ]);
  });
});

describe('standard keys', () => {
  it('defaults title to the file name, type to note and permalink to the path', () => {
    const n = parseNoteText('Specs/Auth Design.md', '# Auth');
    expect(n).toMatchObject({ title: 'Auth Design', type: 'note', permalink: 'specs/auth-design', tags: [], aliases: [] });
  });

  it('keeps file names with spaces and Japanese characters', () => {
    const n = parseNoteText('設計/認証 フロー 設計.md', 'x');
    expect(n.title).toBe('認証 フロー 設計');
    expect(n.permalink).toBe('設計/認証-フロー-設計');
    expect(derivePermalink('Notes/ＡＢＣ　メモ (draft).md')).toBe('notes/abc-メモ-draft');
  });

  it('uses title, type and permalink from the frontmatter when they are text', () => {
    const n = fmOf('title: Given\ntype: spec\npermalink: specs/given');
    expect(n).toMatchObject({ title: 'Given', type: 'spec', permalink: 'specs/given' });
    // Not text: fall back to the defaults rather than "[object Object]".
    expect(fmOf('title: {a: 1}\ntype: [x]').title).toBe('n');
    expect(fmOf('title: 2024').title).toBe('2024');
  });

  it('reads tags in every accepted form', () => {
    expect(fmOf('tags: [a, "#b", " c "]').tags).toEqual(['a', 'b', 'c']);
    expect(fmOf('tags:\n  - a\n  - "#b"\n  -\n  - ~\n  - ""').tags).toEqual(['a', 'b']);
    expect(fmOf('tags: "a, #b, , c"').tags).toEqual(['a', 'b', 'c']);
    expect(fmOf('tags: "#single"').tags).toEqual(['single']);
    expect(fmOf('tags: single').tags).toEqual(['single']);
    expect(fmOf('tags: 2024').tags).toEqual(['2024']);
    expect(fmOf('tags: [[nested, list], x]').tags).toEqual(['nested', 'list', 'x']);
    expect(fmOf('tags: [{a: 1}, x]').tags).toEqual(['x']);
    expect(fmOf('tags:').tags).toEqual([]);
    expect(fmOf('tags: [設計, "#猫", 設計]').tags).toEqual(['設計', '猫']);
  });

  it('drops tags that repeat case- and width-insensitively, keeping the first spelling', () => {
    expect(normalizeTags(['Auth', 'auth', 'ＡＵＴＨ', '##auth'])).toEqual(['Auth']);
  });

  it('reads aliases as a list or a single value', () => {
    expect(fmOf('aliases: [A, B]').aliases).toEqual(['A', 'B']);
    expect(fmOf('alias: Only').aliases).toEqual(['Only']);
  });
});

describe('typed frontmatter rows', () => {
  it('flattens nested maps to dotted keys, lists to positions, and types every scalar', () => {
    const rows = frontmatterRows({ schema: { version: 2 }, c: 0.82, ok: true, s: 'Yes', n: '12', l: ['x', 3] });
    const pick = (key: string, pos = -1) => rows.find((r) => r.key === key && r.pos === pos);
    expect(pick('schema')).toMatchObject({ t: 'map' });
    expect(pick('schema.version')).toMatchObject({ t: 'num', num: 2 });
    expect(pick('c')).toMatchObject({ t: 'num', num: 0.82, str: null });
    expect(pick('ok')).toMatchObject({ t: 'bool', bool: 1 });
    expect(pick('s')).toMatchObject({ t: 'str', str: 'Yes', fold: 'yes', bool: null, num: null });
    expect(pick('n')).toMatchObject({ t: 'str', str: '12', num: 12 });
    expect(pick('l')).toMatchObject({ t: 'list' });
    expect(pick('l', 0)).toMatchObject({ t: 'str', str: 'x' });
    expect(pick('l', 1)).toMatchObject({ t: 'num', num: 3 });
  });
});
