// The engines of `npm run bench:peers`, behind one small interface: build an
// index from a corpus, search it (text, filter, or both), store it to a
// file and open it again. Each is used with its default settings; only what
// is needed to index the same fields and return paths is configured.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { create, insertMultiple, load, save, search as oramaSearch, type AnyOrama } from '@orama/orama';
import MiniSearch from 'minisearch';
import { openFileDb, openMemoryDb, saveDb } from '../../worker/db/open-node';
import { createEngine, type Engine } from '../../worker/engine';
import { memorySource } from '../../worker/ingest/source';
import { boundPrefixExpansion } from '../../worker/search/prefix-bound';
import { parseQuery } from '../../worker/search/query-syntax';
import { buildScope, readScope } from '../../worker/search/scope';
import { rankText } from '../../worker/search/text-mode';
import { toPeerDoc } from './corpus';

/** The two filters every engine runs: a frontmatter string equal to a value, a list holding one. */
export interface PeerFilter {
  type?: string;
  tag?: string;
}

export interface PeerIndex {
  /** Paths, best first. An empty query with a filter lists the filtered notes (filter-only). */
  search(query: string, limit: number, filter?: PeerFilter): Promise<string[]>;
  /**
   * Kioku only: the ranked page of entry ids alone, as the peers return
   * theirs: the same scope, ranking and exact total as the search tool, but
   * no hits built (no paths, titles, tags or snippets) and no tool envelope.
   */
  rankedIds?(query: string, limit: number, filter?: PeerFilter): number[];
  /** Writes the index to `file`; its size in bytes. */
  store(file: string): number;
  close(): void;
}

export interface Peer {
  name: string;
  build(corpusName: string, files: Record<string, string>, file: string): Promise<PeerIndex>;
  open(file: string): Promise<PeerIndex>;
}

// ------------------------------------------------------------------ Kioku

interface Hit {
  path: string;
}

function kiokuFilters(filter: PeerFilter | undefined): Record<string, unknown> | undefined {
  if (!filter) return undefined;
  const filters: Record<string, unknown> = {};
  if (filter.type) filters.type = filter.type;
  if (filter.tag) filters.tags = filter.tag;
  return filters;
}

function kiokuIndex(engine: Engine, store: (file: string) => number): PeerIndex {
  return {
    async search(query, limit, filter) {
      const filters = kiokuFilters(filter);
      const args: Record<string, unknown> = { page_size: limit, ...(query ? { query, mode: 'text' } : {}), ...(filters ? { filters } : {}) };
      const r = (await engine.call('search', args)) as { results?: Hit[]; isError?: boolean; error?: unknown };
      if (r.isError) throw new Error(`Kioku search failed for ${JSON.stringify(args)}: ${JSON.stringify(r.error)}`);
      return r.results!.map((h) => h.path);
    },
    rankedIds(query, limit, filter) {
      const filters = kiokuFilters(filter);
      const scope = buildScope(engine.db, readScope(filters ? { filters } : {}, query || undefined));
      const parsed = boundPrefixExpansion(engine.db, parseQuery(scope.text));
      return rankText(engine.db, scope, parsed, { offset: 0, limit }).rows.map((r) => r.id);
    },
    store,
    close: () => engine.db.close(),
  };
}

async function kiokuImport(engine: Engine, corpusName: string, files: Record<string, string>): Promise<void> {
  const summary = await engine.importSource(memorySource(corpusName, files));
  if (summary.phase !== 'done') throw new Error(`Kioku import of ${corpusName} failed: ${summary.error}`);
}

/** Kioku as the browser runs it: sqlite-wasm, the database in memory, stored as one image. */
const kioku: Peer = {
  name: 'kioku',
  async build(corpusName, files) {
    const engine = createEngine(await openMemoryDb());
    await kiokuImport(engine, corpusName, files);
    return kiokuIndex(engine, (file) => (saveDb(engine.db, file), statSync(file).size));
  },
  async open(file) {
    const engine = createEngine(await openMemoryDb({ file }));
    return kiokuIndex(engine, () => statSync(file).size);
  },
};

/** The same engine, schema and SQL on native SQLite (better-sqlite3, a file in WAL mode): the floor. */
const native: Peer = {
  name: 'sqlite-native',
  async build(corpusName, files, file) {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    const engine = createEngine(openFileDb(file));
    await kiokuImport(engine, corpusName, files);
    return kiokuIndex(engine, () => {
      engine.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      return statSync(file).size;
    });
  },
  async open(file) {
    const engine = createEngine(openFileDb(file));
    return kiokuIndex(engine, () => statSync(file).size);
  },
};

// ------------------------------------------------------------------ Orama

const ORAMA_SCHEMA = { title: 'string', body: 'string', tags: 'enum[]', type: 'enum' } as const;

function oramaIndex(db: AnyOrama): PeerIndex {
  return {
    async search(query, limit, filter) {
      const where: Record<string, unknown> = {};
      if (filter?.type) where.type = { eq: filter.type };
      if (filter?.tag) where.tags = { containsAll: [filter.tag] };
      // Filter-only: `where` alone. An empty term with `properties` makes Orama visit every
      // document's text (0.2 ms → 2.6 s for 2,000 notes), which no application would ask for.
      const text = query ? { term: query, properties: ['title', 'body'] } : {};
      const r = await oramaSearch(db, { ...text, limit, ...(filter ? { where } : {}) } as never);
      return (r as { hits: { id: string }[] }).hits.map((h) => String(h.id));
    },
    store(file) {
      writeFileSync(file, JSON.stringify(save(db)));
      return statSync(file).size;
    },
    close: () => undefined,
  };
}

const orama: Peer = {
  name: 'orama',
  async build(_name, files) {
    const db = create({ schema: ORAMA_SCHEMA });
    const docs = Object.entries(files).map(([p, t]) => {
      const d = toPeerDoc(p, t);
      // Orama refuses a value outside the schema's type: a note without a type simply has none.
      return { id: d.path, title: d.title, body: d.body, tags: d.tags, ...(d.type ? { type: d.type } : {}) };
    });
    await insertMultiple(db, docs, 500);
    return oramaIndex(db);
  },
  async open(file) {
    const db = create({ schema: ORAMA_SCHEMA });
    load(db, JSON.parse(readFileSync(file, 'utf8')));
    return oramaIndex(db);
  },
};

// ------------------------------------------------------------- MiniSearch

const MINI_OPTIONS = {
  idField: 'path',
  fields: ['title', 'body', 'tagText'],
  storeFields: ['tags', 'type'],
};

function miniIndex(ms: MiniSearch): PeerIndex {
  return {
    async search(query, limit, filter) {
      const keep = filter
        ? (r: { tags?: string[]; type?: string | null }) => (!filter.type || r.type === filter.type) && (!filter.tag || (r.tags ?? []).includes(filter.tag))
        : undefined;
      // MiniSearch has no filter-only search: the wildcard query with a filter is its way to list notes.
      const hits = ms.search(query ? query : MiniSearch.wildcard, keep ? { filter: keep as never } : {});
      return hits.slice(0, limit).map((h) => String(h.id));
    },
    store(file) {
      writeFileSync(file, JSON.stringify(ms));
      return statSync(file).size;
    },
    close: () => undefined,
  };
}

const minisearch: Peer = {
  name: 'minisearch',
  async build(_name, files) {
    const ms = new MiniSearch(MINI_OPTIONS);
    ms.addAll(
      Object.entries(files).map(([p, t]) => {
        const d = toPeerDoc(p, t);
        return { path: d.path, title: d.title, body: d.body, tagText: d.tags.join(' '), tags: d.tags, type: d.type };
      }),
    );
    return miniIndex(ms);
  },
  async open(file) {
    return miniIndex(MiniSearch.loadJSON(readFileSync(file, 'utf8'), MINI_OPTIONS));
  },
};

export const PEERS: Record<string, Peer> = { kioku, 'sqlite-native': native, orama, minisearch };
