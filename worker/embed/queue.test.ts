// The background queue's batches with the real model: passages of similar
// length run together (each ONNX run pads every passage to its longest).
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { memorySource } from '../ingest/source';
import type { Embedder } from './embedder';
import { byLength } from './batching';
import { BUILTIN_MODELS } from './models';
import { engineOn, settle, sharedEmbedder } from './testing';

/** The shared real embedder, recording the passage batches it is given and how many texts each token count asked for. */
function recordingEmbedder(): { recording: Embedder; batches: string[][]; counted: number[] } {
  const batches: string[][] = [];
  const counted: number[] = [];
  const inner = sharedEmbedder();
  const recording: Embedder = {
    load: (spec, p) => inner.load(spec, p),
    embed: (texts, role) => {
      if (role === 'passage') batches.push(texts);
      return inner.embed(texts, role);
    },
    tokenCounts: (texts) => {
      counted.push(texts.length);
      return inner.tokenCounts!(texts);
    },
  };
  return { recording, batches, counted };
}

/** n one-passage notes, long where long(i) says, short elsewhere. */
function riverNotes(n: number, long: (i: number) => boolean): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const text = long(i) ? `A long paragraph about river ${i}: ${'the water runs past stones and reeds, '.repeat(8)}` : `Short note ${i}.`;
    files[`n${String(i).padStart(2, '0')}.md`] = `# Note ${i}\n\n${text}\n`;
  }
  return files;
}

describe('byLength', () => {
  it('orders the batches shortest first by the lengths given, ties in their original order', () => {
    expect(byLength(['a', 'b', 'c', 'd', 'e'], [300, 10, 200, 20, 10], 2)).toEqual([['b', 'e'], ['d', 'c'], ['a']]);
  });
});

describe('tokenCounts', () => {
  it("counts the model's tokens, not characters", async () => {
    const e = sharedEmbedder();
    await e.load(BUILTIN_MODELS[0]);
    const [short, long] = await e.tokenCounts!(['Wind speed.', 'An anemometer measures the speed of the wind near the ground.']);
    expect(short).toBeGreaterThan(1);
    expect(long).toBeGreaterThan(short);
    expect(long).toBeLessThan(61); // fewer tokens than characters
  });
});

describe('the queue batches passages by length', () => {
  it('never puts a short passage in the same model run as a long one when the window holds enough of each', async () => {
    const { recording, batches } = recordingEmbedder();
    // Notes alternate: a short passage, then a long one, in the order the queue reads them.
    const files = riverNotes(16, (i) => i % 2 === 1);
    const engine = engineOn(await openMemoryDb(), { embedder: recording, service: { maxBatch: 4, targetBatchMs: 1e6 } });
    await engine.importSource(memorySource('v', files));
    const status = await engine.embed.runToCompletion();
    expect(status.error).toBeNull();
    expect(batches.flat()).toHaveLength(16);
    for (const b of batches) {
      const lengths = b.map((t) => t.length);
      // In vault order every batch of 4 would hold two of each kind (measured before: 26, 348, 26, 348).
      expect(Math.max(...lengths) < 100 || Math.min(...lengths) > 200, `batch of lengths ${lengths.join(', ')}`).toBe(true);
    }
  }, 60_000);

  it('sorts a window of many small batches, not just four, and counts tokens in slices a query can pass', async () => {
    const { recording, batches, counted } = recordingEmbedder();
    // Every 8 notes (four batches of 2, the whole window before): 3 long passages, then 5 short ones.
    const files = riverNotes(80, (i) => i % 8 < 3);
    const engine = engineOn(await openMemoryDb(), { embedder: recording, service: { maxBatch: 2, targetBatchMs: 1e6 } });
    await engine.importSource(memorySource('v', files));
    const status = await engine.embed.runToCompletion();
    expect(status.error).toBeNull();
    expect(batches.flat()).toHaveLength(80);
    // Four batches of 2 sorted alone pair a short passage with a long one in every window (measured before: 10 such batches).
    const mixed = batches.filter((b) => Math.max(...b.map((t) => t.length)) > 200 && Math.min(...b.map((t) => t.length)) < 100);
    expect(mixed).toEqual([]);
    expect(Math.max(...counted)).toBeLessThanOrEqual(64);
  }, 60_000);
});

describe('the model loads while notes are chunked', () => {
  it('starts loading the model once chunked notes need vectors, before the rest of the vault is chunked', async () => {
    const inner = sharedEmbedder();
    let engine: ReturnType<typeof engineOn> | undefined;
    const chunkedAtLoad: number[] = [];
    const stateAtLoad: string[] = [];
    const embedder: Embedder = {
      load: (spec, p) => {
        chunkedAtLoad.push(engine!.embed.status().notes_chunked);
        stateAtLoad.push(engine!.embed.status().state);
        return inner.load(spec, p);
      },
      embed: (texts, role) => inner.embed(texts, role),
      tokenCounts: (texts) => inner.tokenCounts!(texts),
    };
    engine = engineOn(await openMemoryDb(), { embedder });
    await engine.importSource(memorySource('v', riverNotes(300, (i) => i % 3 === 0)));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: 300 });
    // One load, asked for after the first slice of notes was chunked: the rest were chunked while it ran.
    expect(chunkedAtLoad).toHaveLength(1);
    expect(chunkedAtLoad[0]).toBeGreaterThan(0);
    expect(chunkedAtLoad[0]).toBeLessThan(300);
    // Still 'chunking' meanwhile: in any other state each status counts every passage again (seconds at 10k notes).
    expect(stateAtLoad).toEqual(['chunking']);
  });
});

describe('chunking commits', () => {
  it('chunks a slice of notes in one transaction, not one per 8 notes (each commit syncs the browser file)', async () => {
    const db = await openMemoryDb();
    // Which transaction each note's chunks were written in, told by the writes themselves.
    let txNo = 0;
    const chunkTx = new Set<number>();
    const { tx, run } = db;
    db.tx = ((fn: () => unknown) => {
      txNo++;
      return tx.call(db, fn);
    }) as typeof db.tx;
    db.run = ((sql: string, params?: unknown[]) => {
      if (sql.startsWith('INSERT OR REPLACE INTO chunked')) chunkTx.add(txNo);
      return run.call(db, sql, params as never);
    }) as typeof db.run;
    const engine = engineOn(db);
    await engine.importSource(memorySource('v', riverNotes(80, () => false)));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: 80 });
    // 80 short notes: two slices of 40 (a loaded machine may cut a slice short at 30 ms); before, ten commits of 8.
    expect(chunkTx.size).toBeGreaterThanOrEqual(2);
    expect(chunkTx.size).toBeLessThanOrEqual(5);
  });
});
