// embed_status: how far the background embedding is, with which model, and
// which models can be chosen. Read-only: the UI pauses, resumes and switches
// models through the engine worker's API (or the CLI's flags).
import type { EmbedService, EmbedStatus } from '../embed/service';
import { defineTool } from './define';
import { readCustomModels } from '../embed/model-choice';
import { toolError } from '../errors';

export interface EmbedStatusResult extends EmbedStatus {
  models: { id: string; label: string; languages: string; source: string; size_mb: number; active: boolean }[];
  /** Set when the stored list of added models cannot be read: what is wrong and what to do. */
  models_problem?: string;
  /** Set when embedding is off for this run (the CLI's --no-embed), which embed_resume cannot lift: what to do instead. */
  notice?: string;
}

export const embedStatusTool = defineTool<Record<string, never>, EmbedStatusResult>({
  name: 'embed_status',
  description:
    'Progress of the background embedding that semantic (vector) and hybrid search need: model, passages done and total, notes searchable by meaning (with at least one passage embedded: every note’s first passage comes before any note’s second) and notes that can be, rate, time left, paused or not, waiting while the user types or searches or not (yielding: it resumes about a second after the last key or search), and the models available.',
  params: [],
  examples: [{}],
  parse() {
    return {};
  },
  run({ services }) {
    const embed = services.embed;
    if (!embed) throw toolError('unsupported', 'This host has no embedding service; only text search is available.');
    const status = embed.status();
    const { problem } = readCustomModels(embed.db);
    return {
      ...status,
      ...(problem ? { models_problem: problem } : {}),
      models: embed.models().map((m) => ({ id: m.id, label: m.label, languages: m.languages, source: m.source.kind, size_mb: m.sizeMB, active: m.id === status.model.id })),
    };
  },
});
