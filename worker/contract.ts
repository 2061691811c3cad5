// Everything the UI (web/) may use from the engine, and nothing else: types
// only, plus plain data: the filter-operator table and the attachment types. The page talks to the
// engine worker over comlink (EngineApi) and calls tools by name with typed
// arguments and results; a test (web/src/contract-imports.test.ts) fails if a
// file in web/ imports any other part of worker/, so no engine code lands in
// the page's bundle by accident.

// Tools: names, arguments (generated from the registry), results.
export type { ToolName, ToolOutput } from './tools/registry';
import type { ToolName } from './tools/registry';
import type { ToolArgsMap } from './tool-args';
/** The JSON arguments of a tool, under their canonical names. */
export type ToolArgs<N extends ToolName> = N extends keyof ToolArgsMap ? ToolArgsMap[N] : Record<string, unknown>;

// Errors: every failed call answers { isError: true, error: { code, message, path } }.
export type { ErrorCode, ToolErrorBody, ToolErrorResult } from './errors';
export type { FilterReason } from './query/filter-error';
export type { ProblemCode } from './ingest/problems';

// The engine worker's API (comlink): open, call, imports, embeddings, backups.
export type { EngineApi, OpenState } from './engine-worker';
export type { EmbedStatus } from './embed/status';
export type { ImportProgress, ImportSummary } from './ingest/import';
export type { PathedFile } from './platform/source-handle';
export type { FolderFile } from './embed/opfs-models';
export type { YamlIssue } from './ui-checks';

// Result types of the tools the UI shows, by their engine names.
export type { SearchHit } from './search/hits';
export type { SearchResult, SearchMode } from './tools/search';
export type { FindRow, FindResult } from './tools/find';
export type { TaskRow, TasksResult } from './tools/tasks';
export type { SetTaskResult } from './tools/set-task';
export type { FieldStats } from './query/field-stats';
export type { VaultInfo } from './tools/vaults';
export type { FolderInfo, TagCount } from './tools/browse';
export type { ReadNoteResult, NoteLink } from './tools/read-note';
export type { WriteNoteResult } from './tools/write-note';
export type { FmValue, Frontmatter } from './ingest/frontmatter';
export type { ToolInfo } from './tools/catalog';
export type { AgentResult } from './tools/agent-result';
export type { JsonSchema } from './tools/json-schema';
// The note view's vault files: links resolved as Obsidian does, kept copies of pictures and PDFs.
export type { ResolvedLink } from './tools/resolve-links';
export type { AttachmentRead } from './ingest/attachments';
export { ATTACHMENT_TYPES } from './ingest/attachment-types';
// Observations, relations, valid time and the graph (issue 13).
export type { ObservationHit, RelationHit, ItemHit } from './search/item-hits';
export type { TemporalJson } from './query/valid-time';
export type { GraphResult, GraphNode, GraphEdge } from './tools/graph';

// The filter language's operators as plain data (the filter builder's source).
export type { OpName } from './query/ast';
export { FIELD_TYPES, OPERATOR_NAMES, OPERATOR_TABLE, OPERATORS_BY_TYPE, type FieldType, type OperandShape, type OperatorInfo } from './query/operator-table';
// Dataview's file.* fields (issue 12), for the table's column picker.
export { FILE_FIELDS } from './query/file-field-names';
