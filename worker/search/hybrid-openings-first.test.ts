// Hybrid search ranks a note's meaning by its opening passage (NOTE_MEANING),
// and the vector index reads every note's opening before the rest of its
// passages (index-keeper.ts): hybrid answers as soon as the openings are in,
// exactly as it answers once the whole index is, while vector mode (a note's
// best passage) waits for the whole index. Real engine, real SQLite, the
// real model, a load paused between slices of two rows.
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import { embeddedEngine, type EmbedEngine } from '../embed/testing';

const TOPICS: [string, string, string][] = [
  ['Anemometer', 'A device that gauges the velocity of air currents, its cups spinning quicker in a gale.', 'Weather stations mount it on a mast well above the roofs.'],
  ['Barometer', 'An instrument that measures the pressure of the air, falling before a storm.', 'Mercury barometers were the standard until aneroid ones took over.'],
  ['Sourdough', 'Mix flour and water, feed the starter daily, and bake the loaf in a hot oven.', 'A long cold rise gives the crumb its sour taste and open holes.'],
  ['Garden', 'Plant tomatoes after the last frost and water them in the evening.', 'Mulch keeps the soil moist and the weeds down through the summer.'],
  ['Trebuchet', 'A siege engine that hurls stones at castle walls with a counterweight.', 'Its long arm swings up as the heavy box falls, releasing the sling.'],
  ['Battering ram', 'A heavy log swung against a gate to break it down during a siege.', 'Soldiers sheltered under a roof of hides while they swung it.'],
  ['Lighthouse', 'A tower with a bright lamp that warns ships away from rocks at night.', 'Keepers trimmed the wicks and wound the clockwork that turned the lens.'],
  ['Compass', 'A magnetised needle that turns to point north, for finding the way.', 'Sailors kept it in a binnacle beside the wheel.'],
  ['Violin', 'A bowed string instrument held under the chin, the highest of its family.', 'Its body is carved from spruce and maple and varnished by hand.'],
  ['Beekeeping', 'Keeping hives of honey bees and harvesting the honey in late summer.', 'A smoker calms the bees while the frames are lifted out.'],
  ['Glacier', 'A slow river of ice that carves valleys as it creeps down a mountain.', 'Moraines of rock mark where its snout once stood.'],
  ['Volcano', 'A mountain that erupts molten rock, ash and gas from a vent in the crust.', 'Lava flows cool into black basalt fields.'],
  ['Telescope', 'An instrument of lenses or mirrors for seeing distant stars and planets.', 'A larger mirror gathers more light from faint galaxies.'],
  ['Chess', 'A board game of two armies where checkmating the king wins.', 'Openings such as the Sicilian defence are studied for years.'],
  ['Cheese', 'Milk curdled with rennet, pressed and aged in a cool cellar.', 'Hard cheeses such as parmesan age for two years or more.'],
  ['Windmill', 'A mill whose sails turn in the wind to grind grain into flour.', 'The cap turns so that the sails always face the wind.'],
];

const VAULT: Record<string, string> = Object.fromEntries(
  TOPICS.map(([title, opening, more], i) => [
    `${title}.md`,
    `---\ntags: [${i % 2 ? 'odd' : 'even'}]\n---\n# ${title}\n\n${opening}\n\n## More\n\n${more}\n\n## Notes\n\n${more} ${opening}\n`,
  ]),
);
// The same title and opening as the anemometer's (one shared vector): equal similarities, ranked the same way
// before and after the rest is read.
VAULT['Archive/Anemometer.md'] = `# Anemometer\n\n${TOPICS[0][1]}\n\n## Elsewhere\n\nA brass one stands in the museum's hall, beside an old barometer.\n`;

const QUERIES: Record<string, unknown>[] = [
  { query: 'instrument that measures how strong gusts blow' },
  { query: 'siege engine for knocking down fortress walls' },
  { query: 'bake bread' },
  { query: 'wind', page_size: 3 },
  { query: 'something that helps sailors find their way at night', page_size: 2, page: 2 },
  { query: 'tool for looking at the sky tag:odd' },
  { query: 'xyzzyplugh' },
  { query: 'gauge for the velocity of air currents' },
];

async function answers(engine: EmbedEngine, mode: 'hybrid' | 'vector'): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const q of QUERIES) {
    const { elapsed_ms: _, ...answer } = ok((await engine.call('search', { ...q, mode })) as { elapsed_ms: number });
    out.push(answer);
  }
  return out;
}

describe('hybrid search before the whole vector index has loaded', () => {
  it('answers from the openings exactly as after the whole load (ranking, totals, snippets)', async () => {
    const engine = await embeddedEngine(VAULT, { service: { indexSlice: 2 } });
    const whole = await answers(engine, 'hybrid'); // the query vectors are kept from here on
    const paths = (w: unknown) => (w as { results: { path: string }[] }).results.map((r) => r.path);
    expect(paths(whole[1]).slice(0, 2).sort()).toEqual(['Battering ram.md', 'Trebuchet.md']);
    // Both anemometers (equal by meaning) are hits of this question.
    expect(paths(whole[7])).toEqual(expect.arrayContaining(['Anemometer.md', 'Archive/Anemometer.md']));

    const reload = engine.embed.reindex();
    const index = await engine.embed.openingIndex();
    expect(index.passagesLoaded).toBe(false);
    const early = await answers(engine, 'hybrid');
    // Still loading when the last answer came: every answer above ran on the openings alone.
    expect(index.passagesLoaded).toBe(false);
    expect(index.size).toBeLessThan((await reload).size);
    expect(early).toEqual(whole);
    expect(await answers(engine, 'hybrid')).toEqual(whole);
    engine.embed.stop();
  });

  it('vector mode waits for the whole index', async () => {
    const engine = await embeddedEngine(VAULT, { service: { indexSlice: 2 } });
    const whole = await answers(engine, 'vector');
    void engine.embed.reindex();
    const index = await engine.embed.openingIndex();
    expect(index.passagesLoaded).toBe(false);
    const early = engine.call('search', { ...QUERIES[0], mode: 'vector' }).then((r) => ({ r, loaded: index.passagesLoaded }));
    const { r, loaded } = await early;
    expect(loaded).toBe(true);
    const { elapsed_ms: _, ...answer } = ok(r as { elapsed_ms: number });
    expect(answer).toEqual(whole[0]);
    engine.embed.stop();
  });
});
