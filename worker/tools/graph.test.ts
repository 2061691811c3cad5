// The graph tool over a small real vault: a cycle (A → B → C → A), a typed
// relation, a backlink, unresolved links, depth limits, truncation, memory://
// URLs and valid time on the observations shown.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import type { GraphResult } from './graph';

const VAULT = {
  'a.md': '---\ntitle: A\n---\n- [decision] @effective[2026-06-10,2026-07-27) A uses Redis\n- [decision] @effective:2026-07-27 A uses Memcached\n- [fact] A is small\n- depends_on [[B]]\n- see [[Nowhere]]\n',
  'b.md': '---\ntitle: B\n---\nB links to [[C]] in prose.\n',
  'c.md': '---\ntitle: C\n---\n- part_of [[A]]\n- [fact] C closes the loop\n',
  'd.md': '---\ntitle: D\n---\nD mentions [[C]] and [[Ghost]].\n',
  'lonely.md': '# Lonely\nNo links at all.\n',
};

async function graph(engine: Engine, args: Record<string, unknown>): Promise<GraphResult> {
  return ok(await engine.call('graph', args)) as unknown as GraphResult;
}
const edgeList = (g: GraphResult) => g.edges.map((e) => `${e.source.replace('test:', '')} -${e.type}-> ${e.target.replace('test:', '')}`).sort();
const nodeList = (g: GraphResult) => g.nodes.map((n) => [n.id.replace('test:', ''), n.kind, n.depth]);

describe('graph', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith(VAULT);
  });

  it('depth 1: links out, backlinks in, unresolved targets as nodes', async () => {
    const g = await graph(engine, { note: 'a.md' });
    expect(g.root).toBe('test:a.md');
    expect(nodeList(g)).toEqual([['a.md', 'note', 0], ['b.md', 'note', 1], ['c.md', 'note', 1], ['unresolved:Nowhere', 'unresolved', 1]]);
    expect(edgeList(g)).toEqual(['a.md -depends_on-> b.md', 'a.md -see-> unresolved:Nowhere', 'c.md -part_of-> a.md']);
    expect(g.truncated).toBe(false);
  });

  it('depth 2 follows the cycle once and reaches the notes around it', async () => {
    const g = await graph(engine, { note: 'A', depth: 2 });
    expect(nodeList(g)).toEqual([
      ['a.md', 'note', 0], ['b.md', 'note', 1], ['c.md', 'note', 1], ['unresolved:Nowhere', 'unresolved', 1], ['d.md', 'note', 2],
    ]);
    expect(edgeList(g)).toEqual(['a.md -depends_on-> b.md', 'a.md -see-> unresolved:Nowhere', 'b.md -links_to-> c.md', 'c.md -part_of-> a.md', 'd.md -links_to-> c.md']);
    const three = await graph(engine, { note: 'A', depth: 3 });
    expect(nodeList(three).map((n) => n[0])).toContain('unresolved:Ghost');
    expect(nodeList(await graph(engine, { note: 'lonely.md', depth: 3 }))).toEqual([['lonely.md', 'note', 0]]);
  });

  it('shows each note with its observations, and valid_at picks those that held', async () => {
    const g = await graph(engine, { note: 'a.md' });
    expect(g.nodes[0].observations.map((o) => o.content)).toEqual(['A uses Redis', 'A uses Memcached', 'A is small']);
    expect('temporal_applied' in g).toBe(false);
    const then = await graph(engine, { note: 'a.md', valid_at: '2026-07-01' });
    expect(then.temporal_applied).toBe(true);
    expect(then.nodes[0].observations.map((o) => [o.content, o.temporal[0].valid_during.literal])).toEqual([['A uses Redis', '[2026-06-10,2026-07-27)']]);
    expect(then.nodes.find((n) => n.id === 'test:c.md')!.observations).toEqual([]);
  });

  it('stays within max_nodes and says it was truncated', async () => {
    const g = await graph(engine, { note: 'a.md', depth: 3, max_nodes: 2 });
    expect(g.nodes).toHaveLength(2);
    expect(g.truncated).toBe(true);
    for (const e of g.edges) expect(g.nodes.map((n) => n.id)).toEqual(expect.arrayContaining([e.source, e.target]));
  });

  it('shows at most 50 observations of a note and says so when it left some out', async () => {
    const many = Array.from({ length: 55 }, (_, i) => `- [fact] Fact number ${i + 1}`).join('\n');
    const big = await engineWith({ 'big.md': `# Big\n${many}\n- see [[A]]\n`, 'a.md': '# A\n- [fact] one\n' });
    const g = await graph(big, { note: 'big.md' });
    const [root, a] = [g.nodes.find((n) => n.id === 'test:big.md')!, g.nodes.find((n) => n.id === 'test:a.md')!];
    expect(root.observations).toHaveLength(50);
    expect(root.observations_truncated).toBe(true);
    expect(a.observations).toHaveLength(1);
    expect('observations_truncated' in a).toBe(false);
  });

  it('takes memory:// URLs, with or without the vault', async () => {
    expect((await graph(engine, { url: 'memory://a' })).root).toBe('test:a.md');
    expect((await graph(engine, { note: 'memory://test/c' })).root).toBe('test:c.md');
  });

  it('refuses a depth out of range and a note that does not exist', async () => {
    const deep = (await engine.call('graph', { note: 'a.md', depth: 4 })) as unknown as { error: { code: string; path: string } };
    expect(deep.error).toMatchObject({ code: 'invalid_argument', path: 'depth' });
    const missing = (await engine.call('graph', { note: 'memory://nope' })) as unknown as { error: { code: string; path: string } };
    expect(missing.error).toMatchObject({ code: 'not_found', path: 'note' });
    const bad = (await engine.call('graph', { note: 'a.md', valid_at: '2026-13-01' })) as unknown as { error: { code: string; path: string } };
    expect(bad.error).toMatchObject({ code: 'invalid_argument', path: 'valid_at' });
  });
});
