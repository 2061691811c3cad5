// The two public Obsidian vaults in ../shared (Obsidian's help vault and a
// Dataview example vault), imported from disk as a user would drop them.
// Skipped, saying so, when ../shared is not on this machine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { nodeSource } from '../ingest/walk-node';
import { makeEngine, ok } from '../test/make-engine';

const CORPORA = new URL('../../../shared/corpora/', import.meta.url).pathname;
const DATAVIEW = `${CORPORA}dataview-example/vault`;
const HELP = `${CORPORA}obsidian-help/vault`;
const haveDataview = existsSync(DATAVIEW);
const haveHelp = existsSync(HELP);
if (!haveDataview) console.warn(`skipping the Dataview vault tests: ${DATAVIEW} is not on this machine`);
if (!haveHelp) console.warn(`skipping the Obsidian help vault tests: ${HELP} is not on this machine`);

let engine: Engine;
beforeAll(async () => {
  if (!haveDataview && !haveHelp) return;
  engine = await makeEngine();
  if (haveDataview) await engine.importSource(nodeSource(DATAVIEW, 'dataview'));
  if (haveHelp) await engine.importSource(nodeSource(HELP, 'help'));
}, 120_000);

const searched = async (args: Record<string, unknown>) =>
  ok(await engine.call('search', { page_size: 100, ...args })).results.map((h) => h.path).sort();
/** The notes of a folder whose text has `line` as a line of its own (read with fs, not through Kioku). */
const withLine = (dir: string, line: string) =>
  readdirSync(`${DATAVIEW}/${dir}`)
    .filter((f) => f.endsWith('.md') && readFileSync(`${DATAVIEW}/${dir}/${f}`, 'utf8').split(/\r?\n/).some((l) => l.trim().split(/\s+/).includes(line)))
    .map((f) => `${dir}/${f}`)
    .sort();

describe.skipIf(!haveDataview)('Dataview example vault', () => {
  it('tag:games finds the games, whose tags are all inline', async () => {
    const games = withLine('10 Example Data/games', '#games');
    expect(games.length).toBeGreaterThan(5);
    expect(await searched({ query: 'tag:games', vault: 'dataview' })).toEqual(games);
  });

  it('tag:type/books finds the books and not the queries that name the tag in code', async () => {
    const books = withLine('10 Example Data/books', '#type/books');
    expect(books.length).toBeGreaterThan(3);
    expect(await searched({ query: 'tag:type/books', vault: 'dataview' })).toEqual(books);
  });

  it('a parent tag finds every branch under it', async () => {
    // This vault's only type/ branch is type/books; its games carry several genre/ tags.
    expect(await searched({ query: 'tag:type', vault: 'dataview' })).toEqual(withLine('10 Example Data/books', '#type/books'));
    const genres = readdirSync(`${DATAVIEW}/10 Example Data/games`)
      .filter((f) => /(^|\s)#genre\//.test(readFileSync(`${DATAVIEW}/10 Example Data/games/${f}`, 'utf8')))
      .map((f) => `10 Example Data/games/${f}`);
    expect(genres.length).toBeGreaterThan(3);
    expect(await searched({ query: 'tag:genre', vault: 'dataview', path_prefix: '10 Example Data/games/' })).toEqual(genres.sort());
  });
});
