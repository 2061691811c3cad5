// Generated from worker/tools/registry.ts by `npm run docs:tools`; do not edit by hand.
// The JSON arguments of each tool under their canonical names (aliases are
// for agents and the CLI; the UI writes the canonical ones).

export interface ToolArgsMap {
  search: {
    /** Words to look for. "exact phrase" is required, prefix* matches word starts, -word excludes, a OR b takes either; tag:x filters by tag (tag:a OR tag:b either, -tag:x none); file:x, path:x and content:x (as in Obsidian) need x in the title, the path or the text (-file:x: not). Empty: every note and file in scope, by path. */
    query?: string;
    /** How to rank: "text" (BM25 full-text), "vector" (meaning, by embeddings; "semantic" says the same) or "hybrid" (both fused). Default: hybrid once every note is embedded, text before. The response says which mode ran. Basic Memory's "title" and "permalink" are refused with what to use instead. */
    mode?: string;
    /** Frontmatter filter, e.g. {"status": "active", "confidence": {"$gt": 0.7}}; with no query, every matching note (with entity_types, their observations or relations). */
    filters?: Record<string, unknown> | string;
    /** Notes having all these tags; ignored when filters sets "tags". tag:x in the query works too. */
    tags?: string[] | string;
    /** Notes with this status; ignored when filters sets "status". */
    status?: string;
    /** Search one vault; default all. */
    vault?: string;
    /** Only notes directly inside this vault-relative folder, not its subfolders ("" for the root). */
    folder?: string;
    /** Only notes under this vault-relative folder and its subfolders; ends with "/", e.g. "specs/". */
    path_prefix?: string;
    /** Only notes that link to this note (its path, title or permalink, or [[Name]] as written in a note), as Dataview's FROM [[Name]]; a link another note answers to as well counts when it resolves to this one. */
    links_to?: string;
    /** Only the notes and files this note links to (each link resolved as a click on it would be), as Dataview's FROM outgoing([[Name]]). */
    linked_from?: string;
    /** Only notes whose file was modified at or after this time: a date ("2024-01-01", UTC), a date and time ("2024-01-01T09:30:00Z"), "today", "yesterday" or a time ago ("1 week", "2d", "3 months"). The same as filters {"file.mtime": {"$gte": "2024-01-01T00:00:00"}} (Kioku keeps no creation time); echoed in the response's filter. */
    after_date?: string;
    /** Fetch these hits (ids "vault:path" or vault-relative paths) in this order, ignoring query, filters and scope. */
    ids?: string[];
    /** Frontmatter fields to add to each hit, e.g. ["status", "schema.version"]. */
    fields?: string[];
    /** Page number, from 1 (default 1). */
    page?: number;
    /** Hits per page, 1 to 100 (default 10). */
    page_size?: number;
    /** Text put around matches in snippets (default ["[", "]"]). */
    snippet_markers?: [string, string];
    /** Also match words 1 edit away (2 for words of 8+ letters; never words of 3 letters or fewer), listed after every exact match and marked fuzzy: true; near words are looked for for the first 4 such words only (the notice names the others). Text mode only: without a mode, a fuzzy search runs in text mode. Default false. */
    fuzzy?: boolean;
    /** What to return: "entity" (notes and files, the default), "observation" (Basic Memory's - [category] lines), "relation" (typed links and wikilinks); any mix, merged by score. filters, tags, status, vault, folder and path_prefix apply through the note an item is in. */
    entity_types?: string[] | string;
    /** Observations of these categories only, e.g. ["decision"]; alone it searches observations. */
    categories?: string[];
    /** Observations whose temporal qualifier says they hold at this date ("2026-07-01") or instant (RFC 3339, e.g. "2026-07-01T09:30:00Z"); undated ones are left out. Not with valid_overlaps. */
    valid_at?: string;
    /** Observations valid at any time in this range, e.g. "[2026-06-01,2026-08-01)"; [ ] include a bound, ( ) exclude it, an empty side is open. */
    valid_overlaps?: string;
    /** Only assertions of this kind: "valid", "effective", "occurred", "due" or "mentioned"; alone, every observation dated with it. */
    time_kind?: string;
  };
  find: {
    /** The filter, e.g. {"status": "active", "confidence": {"$gt": 0.7}}. Omit it to list every note. See README "Filter language". */
    filters?: Record<string, unknown> | string;
    /** Frontmatter fields (and Dataview inline fields; the frontmatter wins a clash) to return for each note (dotted paths for nested keys); values keep their types, null where missing. */
    fields?: string[];
    /** Sort by fields, order "asc" (default) or "desc"; missing values last; numbers, then text (case-insensitive), then booleans. Default: by path. */
    sort?: { field: string; order?: 'asc' | 'desc' }[];
    /** Optional text the notes must contain; tag:x tokens in it become tag filters, and Obsidian's file:, path:, content: operators narrow as in search. */
    query?: string;
    /** Notes having all these tags (list or comma-separated); ignored when filters sets "tags". */
    tags?: string[] | string;
    /** Notes with this status; ignored when filters sets "status". */
    status?: string;
    /** One vault; default all. */
    vault?: string;
    /** Only notes directly inside this vault-relative folder, not its subfolders ("" for the root). */
    folder?: string;
    /** Only notes under this vault-relative folder and its subfolders; ends with "/", e.g. "specs/". */
    path_prefix?: string;
    /** Only notes that link to this note (its path, title or permalink, or [[Name]] as written in a note), as Dataview's FROM [[Name]]; a link another note answers to as well counts when it resolves to this one. */
    links_to?: string;
    /** Only the notes and files this note links to (each link resolved as a click on it would be), as Dataview's FROM outgoing([[Name]]). */
    linked_from?: string;
    /** Page number, from 1. */
    page?: number;
    /** Rows per page, 1 to 1000 (default 50). */
    page_size?: number;
    /** Notes with an observation whose temporal qualifier holds at this date or RFC 3339 instant. Not with valid_overlaps. */
    valid_at?: string;
    /** Notes with an observation valid at some time in this range, e.g. "[2026-06-01,2026-08-01)". */
    valid_overlaps?: string;
    /** Only assertions of this kind: "valid", "effective", "occurred", "due", "mentioned". */
    time_kind?: string;
    /** Notes with an observation of one of these categories (and, with a valid-time argument, that observation answers it). */
    categories?: string[];
  };
  fields: {
    /** One vault; default all. */
    vault?: string;
    /** Only this key and the keys nested under it, e.g. "ms" for ms.topic, ms.date, … */
    prefix?: string;
    /** Most frequent values to list per field, 0 to 100 (default 10). */
    limit?: number;
  };
  read_note: {
    /** Vault-relative path such as "specs/auth-design.md"; a search hit id ("notes:specs/auth-design.md"), a permalink, an exact title or a memory:// URL ("memory://specs/auth-design", "memory://vault/specs/auth-design") also works. */
    path: string;
    /** Vault name; needed only when the path exists in several vaults. */
    vault?: string;
    /** Longest body returned (default 1,000,000 characters). */
    max_chars?: number;
  };
  vaults: {};
  problems: {
    /** One vault; default all. */
    vault?: string;
    /** At most this many (default 1000). */
    limit?: number;
  };
  folders: {
    /** One vault; default all. */
    vault?: string;
    /** Only this vault-relative folder and the folders under it ("specs", "/specs" and "specs/" alike; "" or "/" for the root, the default). A folder that holds only folders is listed too, with 0 notes and 0 files. */
    folder?: string;
    /** At most this many levels below folder, 1 to 100 (1: folder and the folders directly in it); default every level. */
    depth?: number;
  };
  tags: {
    /** One vault; default all. */
    vault?: string;
    /** Only tags starting with this text. */
    prefix?: string;
    /** At most this many (default 50, up to 1000). */
    limit?: number;
  };
  write_note: {
    /** The exact vault-relative path of the note, e.g. "specs/auth-design.md"; titles and other spellings are not matched, so a write never lands on another note. */
    path: string;
    /** Vault name; needed when the path exists in several vaults. */
    vault?: string;
    /** New body (everything after the frontmatter). A body that opens with a frontmatter block of key: value lines is read as the whole note, as text is. */
    body?: string;
    /** New frontmatter as an object (replaces the old one; {} removes it). */
    frontmatter?: Record<string, unknown>;
    /** New frontmatter as YAML text (without the --- lines); keeps comments and key order. */
    frontmatter_text?: string;
    /** The whole new file text (instead of body/frontmatter). */
    text?: string;
    /** The "modified" value read_note returned; the write is refused if the note changed since. */
    expected_modified?: string;
  };
  create_note: {
    /** Vault-relative path ending in .md, e.g. "meetings/2026-05-01.md". Or give folder and title. */
    path?: string;
    /** Folder for the note (with title instead of path); "" for the vault root. */
    folder?: string;
    /** Title; becomes the file name when no path is given, and the frontmatter title when the frontmatter has none. */
    title?: string;
    /** Vault name; optional when there is only one vault. */
    vault?: string;
    /** The body text. A body that opens with a frontmatter block of key: value lines is read as the whole note, as text is. */
    body?: string;
    /** Frontmatter as an object. */
    frontmatter?: Record<string, unknown>;
    /** Frontmatter as YAML text (without the --- lines). */
    frontmatter_text?: string;
    /** The whole file text (instead of body/frontmatter). */
    text?: string;
  };
  unsaved_changes: {
    /** One vault; default all. */
    vault?: string;
  };
  write_back: {
    /** One vault; default all. */
    vault?: string;
    /** Only this note. */
    path?: string;
    /** Also replace files that changed on disk since Kioku read them (default false). */
    overwrite?: boolean;
  };
  embed_status: {};
  resolve_links: {
    /** The note the links are written in (vault-relative path, permalink or title). */
    from: string;
    /** Links as written, without the brackets: "Note", "Note#Heading", "assets/photo.png", "../img/a%20b.png" (at most 500). */
    links: string[];
    /** Vault name; needed only when the note exists in several vaults. */
    vault?: string;
  };
  SearchNotes: {
    /** The phrase to find ("kubernetes pod" finds those words in that order). */
    query: string;
    /** Only this folder name (of any owner). */
    folder?: string;
    /** At most this many results, 1 to 100 (default 10). */
    limit?: number;
    /** The team space, when several are imported. */
    vault?: string;
  };
  ReadNote: {
    /** The user whose note it is (the users/<owner_id>/ folder). */
    owner_id: string;
    /** The folder under users/<owner_id>/notes/. */
    folder: string;
    /** The file name, ending in .md. */
    file_name: string;
    /** The team space, when several are imported. */
    vault?: string;
  };
  WriteNote: {
    /** Your folder: letters, digits, ".", "_", "-". */
    folder: string;
    /** The file name, the same characters, ending in .md. */
    file_name: string;
    /** The whole note: YAML frontmatter (visibility private|org|public, scope_org_id for org, mode_hint search|inject, tags, title) and Markdown. */
    content: string;
    /** The team space, when several are imported. */
    vault?: string;
  };
  subscriptions: {};
  subscribe: {
    /** The user whose folder it is. */
    owner_id: string;
    /** The folder name. */
    folder: string;
    /** "search" (default) or "inject". */
    mode?: string;
    /** Default true. */
    enabled?: boolean;
  };
  pinned_context: {
    /** Size limit of the bundle in bytes (default 32768, up to 1,000,000). */
    max_bytes?: number;
  };
  set_identity: {
    /** Your user id; null clears the identity. */
    user?: string;
    /** The organisations you belong to (scope_org_id values you may read). */
    orgs?: string[];
    /** true clears the identity (the same as user null). */
    clear?: boolean;
  };
  team_folders: {};
  mark_team_space: {
    /** The vault to mark. */
    vault: string;
    /** true (default) marks it, false removes the mark. */
    team_space?: boolean;
  };
  embed_pause: {};
  embed_resume: {};
  embed_model: {
    /** The model id, e.g. "Xenova/multilingual-e5-small". */
    model: string;
  };
  graph: {
    /** The note: a vault-relative path, permalink or title, or a memory:// URL ("memory://specs/auth-design" or "memory://vault/specs/auth-design"). */
    note: string;
    /** The vault; needed only when the note exists in several. */
    vault?: string;
    /** How many links away to go, 1 to 3 (default 1). */
    depth?: number;
    /** At most this many nodes, 1 to 500 (default 100); beyond it the answer says truncated. */
    max_nodes?: number;
    /** Show only observations whose temporal qualifier holds at this date or instant. */
    valid_at?: string;
    /** Show only observations valid at some time in this range, e.g. "[2026-06-01,2026-08-01)". */
    valid_overlaps?: string;
    /** Show only observations with an assertion of this kind. */
    time_kind?: string;
  };
  embed_warm: {};
  tasks: {
    /** "open" (the box holds a space), "cancelled" (-), "in_progress" (/), "not_done" (every status but x, X and - (cancelled): open, in progress, forwarded, …), "done" (x or X), "any" (default), one status character, or a list of characters, e.g. [">", "-", "/"]. */
    status?: string[] | string;
    /** Words the task text must all contain, case-insensitive (parts of words match); "a phrase" as typed; -word leaves out tasks holding it; #home matches tasks whose own text holds the tag, while tag:home tokens (and file:, path:, content: operators) select the notes, as in search. */
    query?: string;
    /** Tasks due on or before this date (YYYY-MM-DD, inclusive); tasks without a due date are left out. */
    due_before?: string;
    /** Tasks due on or after this date (YYYY-MM-DD, inclusive); tasks without a due date are left out. */
    due_after?: string;
    /** "highest", "high", "medium", "normal" (none given), "low", "lowest", or a list of them. */
    priority?: string[] | string;
    /** true: only tasks waiting for another task not done yet (⛔ id or [dependsOn:: id] naming a task's 🆔 id or [id:: id], in the same vault); false: only tasks that can be done now (not blocked), as the Tasks plugin's "is blocked" / "is not blocked". */
    blocked?: boolean;
    /** true: only tasks another task not done yet waits for; false: only tasks none waits for ("is blocking" / "is not blocking"). */
    blocking?: boolean;
    /** "due" (default: due date, none last, then priority), "priority" (highest first, then due date) or "path" (each note's tasks in line order). */
    sort?: string;
    /** Only tasks of notes matching this filter (the find tool's filter language over the notes' fields), e.g. {"type": "project"}. */
    filters?: Record<string, unknown> | string;
    /** One vault; default all. */
    vault?: string;
    /** Only notes directly inside this vault-relative folder, not its subfolders ("" for the root). */
    folder?: string;
    /** Only notes under this vault-relative folder and its subfolders; ends with "/", e.g. "projects/". */
    path_prefix?: string;
    /** Only tasks of notes that link to this note (its path, title or permalink, or [[Name]] as written in a note), as Dataview's FROM [[Name]]; a link another note answers to as well counts when it resolves to this one. */
    links_to?: string;
    /** Only tasks of the notes this note links to (each link resolved as a click on it would be), as Dataview's FROM outgoing([[Name]]). */
    linked_from?: string;
    /** Page number, from 1. */
    page?: number;
    /** Tasks per page, 1 to 1000 (default 50). */
    page_size?: number;
  };
  set_task: {
    /** The exact vault-relative path of the note, as the tasks tool gives it. */
    path: string;
    /** Vault name; needed when the path exists in several vaults. */
    vault?: string;
    /** The task's line in the file (1-based), as the tasks tool gives it. */
    line: number;
    /** "done" (x), "open" (a space), "cancelled" (-), "in_progress" (/), or one character for the box. */
    status: string;
    /** The task's text as the tasks tool gave it: the change is refused (conflict) if the line now says something else. */
    text?: string;
    /** The note's "modified" as last read; the change is refused if the note changed since. */
    expected_modified?: string;
  };
}
