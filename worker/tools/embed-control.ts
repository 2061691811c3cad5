// The embedding queue steered by tools, so the UI, the CLI and agents all
// have it: pause, resume, and switch the model. They are writes (the pause
// flag and the active model live in the database), so they take the write
// lane like every other write.
import type { EmbedService } from '../embed/service';
import { toolError } from '../errors';
import { reqString } from '../args';
import { defineTool, type ToolContext } from './define';
import type { EmbedStatusResult } from './embed-status';
import { embedStatusTool } from './embed-status';

function embedOf(ctx: ToolContext): EmbedService {
  const embed = ctx.services.embed;
  if (!embed) throw toolError('unsupported', 'This host has no embedding service; only text search is available.');
  return embed;
}

function statusOf(ctx: ToolContext): EmbedStatusResult | Promise<EmbedStatusResult> {
  return embedStatusTool.run(ctx, {});
}

export const embedPauseTool = defineTool<Record<string, never>, EmbedStatusResult>({
  name: 'embed_pause',
  description: 'Pauses the background embedding (kept across restarts until embed_resume). Search by text keeps working; vector and hybrid search cover what is embedded so far.',
  params: [],
  examples: [{}],
  write: true,
  // A switch, set back by embed_resume.
  hints: { destructive: false, idempotent: true },
  parse: () => ({}),
  run(ctx) {
    embedOf(ctx).pause();
    return statusOf(ctx);
  },
});

export const embedResumeTool = defineTool<Record<string, never>, EmbedStatusResult>({
  name: 'embed_resume',
  description: 'Resumes the background embedding after embed_pause (or after an error), from where it stopped.',
  params: [],
  examples: [{}],
  write: true,
  // A switch, set back by embed_pause.
  hints: { destructive: false, idempotent: true },
  parse: () => ({}),
  async run(ctx) {
    const embed = embedOf(ctx);
    embed.resume();
    const status = await statusOf(ctx);
    // A trial's agent resumed a --no-embed server and was told nothing while it stayed paused.
    if (!embed.pausedForRun) return status;
    return { ...status, notice: 'Embedding is off in this run: it was started with --no-embed. Start kioku again without --no-embed to embed the notes (a pause made with embed_pause is lifted).' };
  },
});

export const embedModelTool = defineTool<{ model: string }, EmbedStatusResult>({
  name: 'embed_model',
  description:
    'Switches the embedding model (one of the models embed_status lists). Notes are embedded again with it in the background; passages whose text is unchanged keep the vectors a model already computed.',
  params: [{ name: 'model', type: 'string', required: true, description: 'The model id, e.g. "Xenova/multilingual-e5-small".' }],
  examples: [{ model: 'Xenova/multilingual-e5-small' }],
  write: true,
  // The old model's vectors are dropped once the new one has embedded every note.
  hints: { destructive: true, idempotent: true },
  parse: (args) => ({ model: reqString(args, 'model') }),
  run(ctx, input) {
    embedOf(ctx).setModel(input.model);
    return statusOf(ctx);
  },
});

export const embedWarmTool = defineTool<Record<string, never>, EmbedStatusResult>({
  name: 'embed_warm',
  description:
    'Loads the vector index and the embedding model now (when any note has vectors), so the first vector or hybrid search does not wait for them. Returns embed_status; its ready field says whether a search by meaning starts at once.',
  params: [],
  examples: [{}],
  parse: () => ({}),
  async run(ctx) {
    await embedOf(ctx).warm();
    return statusOf(ctx);
  },
});
