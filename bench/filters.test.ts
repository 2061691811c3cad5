// The benchmark's inputs stay valid: the synthetic vault is the same on every
// run, and every benchmark query is accepted and selects notes on a small
// synthetic vault (so a benchmark never times an error result).
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../worker/test/make-engine';
import { D365_QUERIES, SEEKSTONE_QUERIES, SYNTHETIC_QUERIES } from './filters-queries';
import { syntheticVault } from './filters-synthetic';

describe('synthetic vault', () => {
  it('is deterministic', () => {
    expect(syntheticVault(50)).toEqual(syntheticVault(50));
    expect(syntheticVault(50, 7)).not.toEqual(syntheticVault(50));
  });

  it('benchmark queries all run, and the synthetic ones select notes', async () => {
    const engine = await engineWith(syntheticVault(400), 'synthetic');
    for (const q of [...SEEKSTONE_QUERIES, ...D365_QUERIES, ...SYNTHETIC_QUERIES]) {
      const r = ok((await engine.call(q.tool, q.args)) as { total: number });
      if (SYNTHETIC_QUERIES.includes(q) && !q.name.includes('ms.custom')) expect(r.total, q.name).toBeGreaterThan(0);
    }
  });
});
