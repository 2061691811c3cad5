// TEMPORARY: stands in for worker/query's metadataScope (the filter-language
// work, INTERFACES.md) until it lands on main; then scope.ts imports the real
// one and this file is deleted. It accepts searches without metadata and
// refuses the metadata arguments rather than ignoring them.
import type { SqlValue } from '../db/database';
import { toolError } from '../tools/errors';

export interface SqlCondition {
  sql: string;
  params: SqlValue[];
}

export interface MetadataScope {
  text: string;
  filter: Record<string, unknown> | null;
  condition: SqlCondition | null;
}

export function metadataScope(args: Record<string, unknown>, query: string | undefined): MetadataScope {
  for (const key of ['filters', 'metadata_filters', 'tags', 'status']) {
    if (args[key] !== undefined && args[key] !== null) throw toolError('unsupported', `${key} is not available in this build yet.`, key);
  }
  if (query && /(^|\s)tag:/i.test(query)) throw toolError('unsupported', 'tag: is not available in this build yet.', 'query');
  return { text: (query ?? '').trim(), filter: null, condition: null };
}
