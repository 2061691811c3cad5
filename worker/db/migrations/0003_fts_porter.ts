// The text index moves to the porter tokenizer (English words match their
// inflections; measured on Cranfield in docs/search-text.md). The index is
// rebuilt from entries and contents; nothing else changes.
import type { Migration } from '../migrate';
import { rebuildFts } from '../../text/fts-row';

export const m0003: Migration = {
  version: 3,
  name: 'fts_porter',
  up: (db) => {
    rebuildFts(db);
  },
};
