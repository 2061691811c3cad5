// The engine worker's call order: a search typed while the app's start-up
// calls run starts before those still waiting, never before a write, and
// every call still gets its own answer. The rules are the engine's own
// (CALL_RULES, aliases included); the hop is driven by hand so that "calls
// that arrived while one ran" is exact.
import { describe, expect, it } from 'vitest';
import { CALL_RULES } from '../engine';
import { CallOrder, messageHop, nextCall } from './call-order';

function harness() {
  const hops: (() => void)[] = [];
  const started: string[] = [];
  const order = new CallOrder(CALL_RULES, (next) => hops.push(next));
  const call = (tool: string) => order.run(tool, async () => (started.push(tool), `${tool} answered`));
  const hop = () => hops.shift()!();
  return { started, call, hop, hops };
}

describe('the order calls start in', () => {
  it('starts a search before start-up calls that arrived ahead of it', async () => {
    const h = harness();
    const answers = [h.call('tags'), h.call('embed_status'), h.call('vaults'), h.call('search')];
    // tags started at once (nothing was running); the rest arrived while it ran.
    expect(h.started).toEqual(['tags']);
    h.hop();
    expect(h.started).toEqual(['tags', 'search']);
    h.hop();
    h.hop();
    h.hop();
    expect(h.started).toEqual(['tags', 'search', 'embed_status', 'vaults']);
    expect(h.hops).toHaveLength(0);
    expect(await Promise.all(answers)).toEqual(['tags answered', 'embed_status answered', 'vaults answered', 'search answered']);
  });

  it('keeps a search behind a write that arrived first, and writes in order', () => {
    const h = harness();
    void h.call('tags');
    void h.call('write_note');
    void h.call('search');
    void h.call('edit_note');
    while (h.hops.length) h.hop();
    expect(h.started).toEqual(['tags', 'write_note', 'search', 'edit_note']);
  });

  it('reads tool aliases as their tools', () => {
    expect(nextCall(['list_tags', 'search_notes'], CALL_RULES)).toBe(1);
    expect(nextCall(['list_tags', 'vaults'], CALL_RULES)).toBe(0);
    expect(nextCall([], CALL_RULES)).toBe(-1);
  });

  it('answers a call whose work throws with its rejection, and goes on', async () => {
    const hops: (() => void)[] = [];
    const order = new CallOrder(CALL_RULES, (next) => hops.push(next));
    const bad = order.run('tags', () => {
      throw new Error('broken');
    });
    const good = order.run('vaults', async () => 'ok');
    while (hops.length) hops.shift()!();
    await expect(bad).rejects.toThrow('broken');
    await expect(good).resolves.toBe('ok');
  });

  it('hops through a real message channel', async () => {
    const hop = messageHop();
    const seen: number[] = [];
    await new Promise<void>((done) => {
      hop(() => seen.push(1));
      hop(() => (seen.push(2), done()));
    });
    expect(seen).toEqual([1, 2]);
  });
});
