// What this engine offers. The UI asks once and shows only what works: a
// control whose engine feature is missing is shown disabled with the reason,
// never silently ignored (a filter the engine drops would show wrong results).
import { createContext, useContext } from 'react';

export interface Capabilities {
  tools: Map<string, Set<string>>;
  /** search takes filters (the filter language, tags, tag:). */
  filters: boolean;
  /** search takes mode (text / vector / hybrid). */
  modes: boolean;
  /** search takes path_prefix. */
  pathPrefix: boolean;
  /** search returns chosen frontmatter fields per hit. */
  hitFields: boolean;
  find: boolean;
  fields: boolean;
  write: boolean;
  folders: boolean;
  tags: boolean;
  /** The name of the embedding-status tool, when the engine has one. */
  embedStatus: string | null;
}

export function capabilitiesOf(list: { name: string; params: { name: string; description: string }[] }[]): Capabilities {
  const tools = new Map(list.map((t) => [t.name, new Set(t.params.map((p) => p.name))]));
  const search = tools.get('search') ?? new Set<string>();
  const modeDoc = list.find((t) => t.name === 'search')?.params.find((p) => p.name === 'mode')?.description ?? '';
  const embedStatus = list.find((t) => /^(embed|embedding|embeddings)(_status)?$/.test(t.name))?.name ?? null;
  return {
    tools,
    filters: search.has('filters'),
    // A mode argument that only knows "text" is no switch: vector search must be there.
    modes: search.has('mode') && /vector/i.test(modeDoc),
    pathPrefix: search.has('path_prefix'),
    hitFields: search.has('fields'),
    find: tools.has('find'),
    fields: tools.has('fields'),
    write: tools.has('write_note'),
    folders: tools.has('folders'),
    tags: tools.has('tags'),
    embedStatus,
  };
}

export const NO_CAPABILITIES = capabilitiesOf([]);
export const CapabilitiesContext = createContext<Capabilities>(NO_CAPABILITIES);
export const useCapabilities = () => useContext(CapabilitiesContext);
