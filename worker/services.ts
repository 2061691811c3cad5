// The services an engine holds beside its database, typed: tools and search
// modes reach them through ToolContext.services. createEngine builds them.
import type { EmbedService } from './embed/service';
import type { NoteDisk } from './platform/write-back';

export interface EngineServices {
  /** Embeddings (search by meaning); absent on hosts without a model runner. */
  embed?: EmbedService;
  /** Vault folders open for writing: write_note writes edits through it. */
  disk?: NoteDisk;
}
