// Regression tests for the attacks of issue 11 on the write tools and the
// error contract: misdirected writes, numbers that change, deep nesting,
// impossible names, keys that vanish, ambiguous titles.
import { describe, expect, it } from 'vitest';
import { withoutSourcePaths } from '../errors';
import { engineWith, ok } from '../test/make-engine';

type Err = { code: string; message: string; path?: string; details?: { reason?: string; limit?: number; stack?: string } };

async function err(p: Promise<unknown>): Promise<Err> {
  const r = (await p) as { isError?: boolean; error: Err };
  if (!r?.isError) throw new Error(`expected an error, got ${JSON.stringify(r).slice(0, 300)}`);
  return r.error;
}

function nested(depth: number, leaf: unknown, wrap: (v: unknown) => unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = wrap(v);
  return v;
}

describe('write tools go to exact paths only', () => {
  it('a path that does not exist never falls back to a title, another case or a missing extension', async () => {
    const engine = await engineWith({
      'notes/target.md': 'The real target.\n',
      'other.md': '---\ntitle: notes/target.md\n---\nA note titled like a path.\n',
    });
    const e = await err(engine.call('write_note', { path: 'NOTES/TARGET.MD', body: 'overwritten' }));
    expect(e.code).toBe('not_found');
    expect(e.message).toContain('"test:notes/target.md"');
    for (const path of ['notes/target', 'Notes/Target.md']) {
      expect((await err(engine.call('write_note', { path, body: 'overwritten' }))).code).toBe('not_found');
    }
    expect(ok(await engine.call('read_note', { path: 'other.md' })).body).toBe('A note titled like a path.\n');
    expect(ok(await engine.call('read_note', { path: 'notes/target.md' })).body).toBe('The real target.\n');
    // The exact path and the vault:path hit id still write.
    ok(await engine.call('write_note', { path: 'test:notes/target.md', body: 'Edited.\n' }));
    expect(ok(await engine.call('read_note', { path: 'notes/target.md' })).body).toBe('Edited.\n');
    // Reads keep their documented fallbacks.
    expect(ok(await engine.call('read_note', { path: 'notes/target' })).path).toBe('notes/target.md');
  });
});

describe('duplicate titles', () => {
  it('the ambiguity names the notes by path, within one vault', async () => {
    const engine = await engineWith({ 'a/one.md': '---\ntitle: Target\n---\nOne.\n', 'b/two.md': '---\ntitle: Target\n---\nTwo.\n' }, 'v2');
    for (const args of [{ path: 'Target' }, { path: 'Target', vault: 'v2' }]) {
      const e = await err(engine.call('read_note', args));
      expect(e.code).toBe('invalid_argument');
      expect(e.message).toContain('"a/one.md"');
      expect(e.message).toContain('"b/two.md"');
      expect(e.message).not.toContain('several vaults');
    }
  });
});

describe('write_note keeps numbers as written or refuses them', () => {
  it('refuses an integer that lost digits and a number that is not finite, given as JSON text', async () => {
    const engine = await engineWith({ 'a.md': 'body\n' });
    const big = await err(engine.call('write_note', '{"path": "a.md", "frontmatter": {"id": 12345678901234567891}}'));
    expect(big).toMatchObject({ code: 'invalid_argument', path: 'frontmatter.id', details: { reason: 'lost_precision' } });
    expect(big.message).toContain('12345678901234567891');
    const inf = await err(engine.call('write_note', '{"path": "a.md", "frontmatter": {"x": {"y": [1, 1e400]}}}'));
    expect(inf).toMatchObject({ code: 'invalid_argument', path: 'frontmatter.x.y[1]', details: { reason: 'not_finite' } });
    expect(ok(await engine.call('read_note', { path: 'a.md' })).frontmatter_raw).toBe('');
  });

  it('refuses the same values given as objects (the digits are already gone), and keeps safe numbers', async () => {
    const engine = await engineWith({ 'a.md': 'body\n' });
    expect((await err(engine.call('write_note', { path: 'a.md', frontmatter: { id: 12345678901234567891 } }))).details?.reason).toBe('lost_precision');
    expect((await err(engine.call('write_note', { path: 'a.md', frontmatter: { x: Infinity } }))).details?.reason).toBe('not_finite');
    expect((await err(engine.call('create_note', { path: 'n.md', frontmatter: { x: NaN } }))).details?.reason).toBe('not_finite');
    ok(await engine.call('write_note', '{"path": "a.md", "frontmatter": {"id": 9007199254740991, "r": 0.1, "e": 1e300, "s": "12345678901234567891"}}'));
    const note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(note.frontmatter).toEqual({ id: 9007199254740991, r: 0.1, e: 1e300, s: '12345678901234567891' });
  });
});

describe('nesting depth is limited, and errors carry no stack or source path', () => {
  it('a filter nested 20,000 levels is too_deep, naming the limit', async () => {
    const engine = await engineWith({ 'a.md': 'body\n' });
    const deep = nested(20_000, 1, (v) => ({ a: v }));
    const e = await err(engine.call('find', { filters: { x: deep } }));
    expect(e).toMatchObject({ code: 'invalid_filter', details: { reason: 'too_deep' } });
    expect(e.message).toContain('32');
    const text = `{"x": ${'{"a": '.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    expect(await err(engine.call('find', { filters: text }))).toMatchObject({ code: 'invalid_filter', details: { reason: 'too_deep' } });
    expect(await err(engine.call('search', { query: 'body', metadata_filters: text }))).toMatchObject({ code: 'invalid_filter', details: { reason: 'too_deep' } });
  });

  it('$in with lists nested 5,000 deep and frontmatter 1,000 deep are refused cleanly', async () => {
    const engine = await engineWith({ 'a.md': 'body\n' });
    const lists = nested(5_000, 1, (v) => [v]);
    const e = await err(engine.call('find', { filters: { x: { $in: [lists] } } }));
    expect(e).toMatchObject({ code: 'invalid_filter', details: { reason: 'too_deep' } });
    expect(e.path?.startsWith('filters.x.$in[0]')).toBe(true);
    const fm = await err(engine.call('write_note', { path: 'a.md', frontmatter: { k: nested(1_000, 'v', (v) => ({ d: v })) } }));
    expect(fm).toMatchObject({ code: 'invalid_argument', details: { reason: 'too_deep', limit: 32 } });
    expect(fm.path?.startsWith('frontmatter.k.d')).toBe(true);
    // A realistic depth passes.
    ok(await engine.call('write_note', { path: 'a.md', frontmatter: { k: nested(10, 'v', (v) => ({ d: v })) } }));
  });

  it('an internal failure says what failed without a stack trace or an installation path', async () => {
    const engine = await engineWith({ 'a.md': 'body\n' });
    engine.ctx.db.exec('DROP TABLE fm');
    const r = (await engine.call('find', { filters: { status: 'x' } })) as unknown as { isError: true; error: Err };
    expect(r.error.code).toBe('internal');
    expect(r.error.message).toContain('no such table');
    expect(r.error.details?.stack).toBeUndefined();
    expect(JSON.stringify(r)).not.toMatch(/\/work\/|node_modules|\.[cm]?[jt]s:\d/);
    const message = withoutSourcePaths(`boom at ${import.meta.url}:12:5 and /opt/kioku/worker/db/x.ts:3 in C:\\k\\cli\\main.mjs, see /home/me/vault/a.md`);
    expect(message).toBe('boom at <source> and <source> in <source>, see /home/me/vault/a.md');
  });
});

describe('names and keys are kept exactly; impossible paths are refused', () => {
  it('a file name with a backslash is indexed under its own name', async () => {
    const engine = await engineWith({ 'back\\slash.md': 'Slash body.\n', 'back/slash.md': 'A different note.\n' });
    expect(ok(await engine.call('read_note', { path: 'back\\slash.md' })).body).toBe('Slash body.\n');
    expect(ok(await engine.call('read_note', { path: 'back/slash.md' })).body).toBe('A different note.\n');
    const paths = ok(await engine.call('find', {})).results.map((r) => r.path).sort();
    expect(paths).toEqual(['back/slash.md', 'back\\slash.md']);
  });

  it('__proto__ and other Object.prototype names stay frontmatter keys, on import and on write', async () => {
    const engine = await engineWith({ 'a.md': '---\n__proto__: polluted\nconstructor: c\ntitle: A\n---\nbody\n' });
    const note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(Object.keys(note.frontmatter)).toEqual(['__proto__', 'constructor', 'title']);
    expect(Object.keys(note.entity_metadata)).toEqual(['__proto__', 'constructor']);
    expect(ok(await engine.call('find', { filters: '{"__proto__": "polluted"}' })).results.map((r) => r.path)).toEqual(['a.md']);
    ok(await engine.call('write_note', '{"path": "a.md", "frontmatter": {"__proto__": {"x": 1}, "t": 2}}'));
    const written = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(written.frontmatter_raw).toContain('__proto__:');
    expect(JSON.stringify(written.frontmatter)).toBe('{"__proto__":{"x":1},"t":2}');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('create_note refuses a name over 255 bytes and a note under an existing note file', async () => {
    const engine = await engineWith({ 'n.md': 'A note.\n', 'box.md/x.md': 'x' });
    const long = await err(engine.call('create_note', { path: `${'あ'.repeat(90)}.md`, body: 'x' }));
    expect(long).toMatchObject({ code: 'invalid_argument', path: 'path' });
    expect(long.message).toMatch(/273 bytes long; file systems allow at most 255/);
    const under = await err(engine.call('create_note', { path: 'n.md/child.md', body: 'x' }));
    expect(under.message).toMatch(/n\.md is a file/);
    const folder = await err(engine.call('create_note', { path: 'box.md', body: 'x' }));
    expect(folder.message).toMatch(/it is a folder .*box\.md\/x\.md/);
    const deeper = await err(engine.call('create_note', { path: 'BOX.MD/x.md/y.md', body: 'x' }));
    expect(deeper.message).toMatch(/box\.md\/x\.md is a file/);
    ok(await engine.call('create_note', { path: `${'a'.repeat(252)}.md`, body: 'fits' }));
  });
});
