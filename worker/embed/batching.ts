// How the queue groups passages into batches: by the model's token counts,
// shortest first, so each batch pads little (queue.ts).
import type { Embedder } from './embedder';

/** Passages whose tokens are counted in one call: a query embedding waits behind at most one such call. */
const COUNT_SLICE = 64;

/**
 * Passages in batches of `size`, shortest first by `lengths` (the model's
 * token counts, one per passage), so each batch pads little. Characters are
 * a poor stand-in: on seekstone, batches sorted by characters pad 28,384
 * tokens for 20,315 real ones, by tokens 23,696 (docs/benchmarks.md).
 */
export function byLength<T>(items: readonly T[], lengths: readonly number[], size: number): T[][] {
  const order = items.map((_, i) => i).sort((a, b) => lengths[a] - lengths[b] || a - b);
  const out: T[][] = [];
  for (let i = 0; i < order.length; i += size) out.push(order.slice(i, i + size).map((k) => items[k]));
  return out;
}

/** The model's token counts, COUNT_SLICE texts a call; a runner that cannot count them (an older embed worker, a test double) batches by characters. */
export async function tokenLengths(runner: Embedder, texts: readonly string[]): Promise<number[]> {
  if (!runner.tokenCounts) return texts.map((t) => t.length);
  const out: number[] = [];
  try {
    for (let i = 0; i < texts.length; i += COUNT_SLICE) out.push(...(await runner.tokenCounts(texts.slice(i, i + COUNT_SLICE))));
  } catch {
    return texts.map((t) => t.length);
  }
  return out;
}
