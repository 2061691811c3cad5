// The MCP server in-process, with the SDK's client over its in-memory
// transport: what can only be observed with control over timing.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { memorySource } from '../../worker/ingest/source';
import { makeEngine } from '../../worker/test/make-engine';
import { createMcpServer } from './server';

type Source = () => { done: number; total: number; message: string } | null;

async function pair(ready: Promise<void>, progress: Source, embedding?: Source) {
  const engine = await makeEngine();
  const server = createMcpServer({ engine, ready, progress, embedding, allowWrite: false, version: 'test' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(b);
  return { client, engine, close: () => Promise.all([client.close(), server.close()]).then(() => engine.db.close()) };
}

describe('MCP server timing', () => {
  it('answers tools/list while the import is still running, and holds calls until it is done, reporting progress', async () => {
    let finish!: () => void;
    const ready = new Promise<void>((r) => (finish = r));
    let done = 3;
    const { client, engine, close } = await pair(ready, () => ({ done, total: 10, message: 'importing' }));
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(10);
      const seen: { progress: number; total?: number }[] = [];
      const call = client.callTool({ name: 'vaults', arguments: {} }, undefined, { onprogress: (p) => seen.push(p) });
      await new Promise((r) => setTimeout(r, 400));
      done = 7;
      await engine.importSource(memorySource('late', { 'a.md': 'alpha' }));
      await new Promise((r) => setTimeout(r, 400));
      finish();
      const r = await call;
      expect((r.structuredContent as { vaults: { name: string }[] }).vaults.map((v) => v.name)).toEqual(['late']);
      expect(seen[0]).toMatchObject({ progress: 3, total: 10 });
      expect(seen.map((p) => p.progress)).toContain(7);
      // Each notification's progress is larger than the one before, as the protocol asks.
      expect(seen.map((p) => p.progress)).toEqual([3, 7]);
    } finally {
      await close();
    }
  });

  it('reports the start-up embedding to a call that sent a progress token, and answers without waiting for it', async () => {
    const { client, engine, close } = await pair(Promise.resolve(), () => null, () => ({ done: 120, total: 900, message: 'embedding 120/900 passages' }));
    try {
      await engine.importSource(memorySource('v', { 'a.md': 'alpha beta' }));
      const seen: { progress: number; total?: number; message?: string }[] = [];
      const r = await client.callTool({ name: 'search', arguments: { query: 'alpha' } }, undefined, { onprogress: (p) => seen.push(p) });
      expect((r.structuredContent as { total: number }).total).toBe(1);
      expect(seen[0]).toEqual({ progress: 120, total: 900, message: 'embedding 120/900 passages' });
      // Without a token: no progress, the same answer.
      const plain = await client.callTool({ name: 'search', arguments: { query: 'alpha' } });
      expect((plain.structuredContent as { total: number }).total).toBe(1);
    } finally {
      await close();
    }
  });
});
