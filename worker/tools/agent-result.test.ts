// What an agent reads of search and find (the text beside structuredContent):
// a trial saw clients that read only the text miss "did you mean", find's
// notice, the fields asked for, the ids that named nothing, and what an
// observation or relation hit is.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith } from '../test/make-engine';
import { agentResult } from './agent-result';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({
    'specs/cache.md': '---\ntitle: Cache layer\nstatus: done\n---\n- [decision] @effective:2026-07-27 Use Redis for the cache\n- depends_on [[Storage plan]]\n- see [[Nowhere]]\n',
    'Storage plan.md': '# Storage plan\nDisks and backups.\n',
  });
});

const text = async (tool: string, args: Record<string, unknown>) => agentResult(tool, await engine.call(tool, args)).content[0].text;

describe('the text an agent reads', () => {
  it('search: did you mean, the fields asked for, ids that named nothing', async () => {
    expect(await text('search', { query: 'redsi' })).toContain('Did you mean: redis');
    expect(await text('search', { query: 'redis', fields: ['status'] })).toMatch(/specs\/cache\.md · Cache layer · status: done · score/);
    expect(await text('search', { ids: ['specs/cache.md', 'nope.md'] })).toContain('Not found: nope.md');
  });

  it('search: observation and relation hits say what they are, where, and what they link to', async () => {
    const obs = await text('search', { query: 'redis', entity_types: ['observation'], valid_at: '2026-08-01' });
    expect(obs).toContain('observation [decision] line 5 · valid [2026-07-27,)');
    const rel = await text('search', { query: 'storage', entity_types: ['relation'] });
    expect(rel).toContain('relation depends_on → Storage plan.md line 6');
    expect(await text('search', { query: 'nowhere', entity_types: ['relation'] })).toContain('relation see → Nowhere (unresolved) line 7');
  });

  it("find: its notice, and no empty table when nothing matches", async () => {
    const t = await text('find', { filters: { stauts: 'done' } });
    expect(t).toContain('Note: ');
    expect(t).toContain('"status"');
    expect(t).not.toContain('| path |');
  });
});
