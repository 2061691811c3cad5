// Every tool of the contract, keyed by name. The UI, the CLI and agents all
// go through callTool() with these names; types derive from this object.
import { embedStatusTool } from './embed-status';
import { fieldsTool } from './fields';
import { findTool } from './find';
import { problemsTool } from './problems';
import { readNoteTool } from './read-note';
import { searchTool } from './search';
import { vaultsTool } from './vaults';
import { createNoteTool, writeNoteTool } from './write-note';
import { unsavedTool, writeBackTool } from './unsaved';
import { foldersTool, tagsTool } from './browse';
import { resolveLinksTool } from './resolve-links';
import { readTeamNoteTool, searchNotesTool, writeTeamNoteTool } from './team-notes';
import { identityTool, pinnedContextTool, subscribeTool, subscriptionsTool } from './team-space';
import { markTeamSpaceTool, teamFoldersTool } from './team-folders';
import type { ToolDef } from './define';
import { embedModelTool, embedPauseTool, embedResumeTool, embedWarmTool } from './embed-control';
import { graphTool } from './graph';
import { tasksTool } from './tasks';
import { setTaskTool } from './set-task';

export const TOOLS = {
  search: searchTool,
  find: findTool,
  fields: fieldsTool,
  read_note: readNoteTool,
  vaults: vaultsTool,
  problems: problemsTool,
  folders: foldersTool,
  tags: tagsTool,
  write_note: writeNoteTool,
  create_note: createNoteTool,
  unsaved_changes: unsavedTool,
  write_back: writeBackTool,
  embed_status: embedStatusTool,
  resolve_links: resolveLinksTool,
  // Team notes (team spaces: users/<owner>/notes/<folder>/<file>.md).
  SearchNotes: searchNotesTool,
  ReadNote: readTeamNoteTool,
  WriteNote: writeTeamNoteTool,
  subscriptions: subscriptionsTool,
  subscribe: subscribeTool,
  pinned_context: pinnedContextTool,
  set_identity: identityTool,
  team_folders: teamFoldersTool,
  mark_team_space: markTeamSpaceTool,
  // issue 10: the embedding queue steered by tools
  embed_pause: embedPauseTool,
  embed_resume: embedResumeTool,
  embed_model: embedModelTool,
  // The knowledge graph (issue 13).
  graph: graphTool,
  // Issue 16: the model and vector index loaded before the first search by meaning.
  embed_warm: embedWarmTool,
  // Task lines (Dataview's TASK queries, the Tasks plugin).
  tasks: tasksTool,
  set_task: setTaskTool,
} as const;

export type Tools = typeof TOOLS;
export type ToolName = keyof Tools;
export type ToolInput<N extends ToolName> = Tools[N] extends ToolDef<infer I, unknown> ? I : never;
export type ToolOutput<N extends ToolName> = Tools[N] extends ToolDef<unknown, infer O> ? O : never;
