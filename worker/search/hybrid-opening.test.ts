// Hybrid's vector side reads a note's meaning from its opening (NOTE_MEANING
// in hybrid.ts), with the real bundled model: a long note is not lifted by
// one later passage that happens to resemble the question, while vector
// mode still ranks notes by their best passage.
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import { embeddedEngine } from '../embed/testing';

type Result = { results: { title: string; snippet: string }[]; total: number };

const chronicle = [
  '# Town chronicle',
  '',
  'The market town grew around a river crossing and a Norman church; its guilds, fairs and council minutes fill this record.',
  '',
  // Sections long enough to be passages of their own.
  ...Array.from({ length: 12 }, (_, i) => `## Year ${1600 + i * 10}\n\nIn ${1600 + i * 10} the council met at the guildhall ${i + 2} times, fixed the price of bread and ale, and heard long disputes between the weavers and the dyers about who might draw water from the river above the mill. Taxes on the autumn fair were raised again, the bridge was mended after the floods, and two new aldermen were chosen from the wool merchants.\n`),
  '## Anemometer',
  '',
  'A device that gauges the velocity of air currents, its cups spinning quicker in a gale; the council fixed one to the church tower.',
  '',
].join('\n');

const VAULT: Record<string, string> = {
  'Anemometer.md': '# Anemometer\n\nA device that gauges the velocity of air currents, its cups spinning quicker in a gale.\n',
  'Town chronicle.md': chronicle,
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
  'Garden.md': '# Garden\n\nPlant tomatoes after the last frost and water them in the evening.\n',
};

describe("hybrid reads a note's meaning from its opening", () => {
  it('a long note is not lifted by a later passage like the question; vector mode still finds that passage', async () => {
    const engine = await embeddedEngine(VAULT);
    // None of these words is in any note: the vector side alone decides.
    const query = 'instrument for measuring how strong gusts blow';
    const vector = ok((await engine.call('search', { query, mode: 'vector' })) as Result);
    const chronicleHit = vector.results.find((h) => h.title === 'Town chronicle');
    expect(chronicleHit?.snippet).toContain('church tower');
    const hybrid = ok((await engine.call('search', { query, mode: 'hybrid' })) as Result);
    expect(hybrid.results[0].title).toBe('Anemometer');
    expect(hybrid.results.map((h) => h.title)).not.toContain('Town chronicle');
  });
});
