// What a search mode is: given the scope (the SQL candidate condition) and
// the parsed query, a ranked page of entry ids with an exact or estimated
// total. The search tool dispatches on `mode`; text lives in text-mode.ts,
// vector and hybrid plug in beside it.
import type { Db } from '../db/database';
import type { EngineServices } from '../services';
import type { ParsedQuery } from './query-syntax';
import type { SearchScope } from './scope';
import type { PageWindow } from './text';
import type { TermCounts } from './fts-query';

export interface ModeRequest {
  db: Db;
  /** The engine's services (the embedding service, for vector modes). */
  services: EngineServices;
  scope: SearchScope;
  /** scope.text parsed with the query syntax. */
  query: ParsedQuery;
  window: PageWindow;
}

export interface ModeRow {
  id: number;
  score: number;
  /** A snippet the mode chose itself; otherwise cut from the body. */
  snippet?: string;
  /** The passage to cut the snippet from, with the query's words marked (vector: the best-matching chunk). */
  passage?: string;
}

export interface ModeResult {
  rows: ModeRow[];
  total: number;
  totalIsExact: boolean;
  /** No hit holds every query word (matching was loosened). */
  relaxed?: boolean;
  /** Words to mark in snippets. */
  highlight: { text: string; prefix: boolean }[];
  /** How many notes hold the query's words, where the text side counted them (MATCH expression → count). */
  termCounts?: TermCounts;
  /** Extra response fields a mode reports (e.g. embeddings_partial). */
  extra?: Record<string, unknown>;
}

export type ModeRunner = (req: ModeRequest) => ModeResult | Promise<ModeResult>;
