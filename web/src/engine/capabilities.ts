// What this engine offers, read once from its own tool list by exact tool
// and argument names (the contract's names, never guessed from prose). A
// control whose engine feature is missing is shown disabled with the reason,
// never silently ignored (a filter the engine drops would show wrong results).
import { createContext, useContext } from 'react';
import type { ToolArgs, ToolName } from '../../../worker/contract';

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
  /** embed_status is there (the engine computes embeddings). */
  embedStatus: boolean;
}

export function capabilitiesOf(list: { name: string; params: { name: string }[] }[]): Capabilities {
  const tools = new Map(list.map((t) => [t.name, new Set(t.params.map((p) => p.name))]));
  const has = (tool: ToolName) => tools.has(tool);
  const search = (arg: keyof ToolArgs<'search'>) => tools.get('search')?.has(arg) ?? false;
  return {
    tools,
    filters: search('filters'),
    modes: search('mode'),
    pathPrefix: search('path_prefix'),
    hitFields: search('fields'),
    find: has('find'),
    fields: has('fields'),
    write: has('write_note'),
    folders: has('folders'),
    tags: has('tags'),
    embedStatus: has('embed_status'),
  };
}

export const NO_CAPABILITIES = capabilitiesOf([]);
export const CapabilitiesContext = createContext<Capabilities>(NO_CAPABILITIES);
export const useCapabilities = () => useContext(CapabilitiesContext);
