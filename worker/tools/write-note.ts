// The write tools: write_note changes an existing note's body and/or
// frontmatter, create_note adds a new one. Both re-index the note at once in
// one transaction (same parser and store as import), keep the change in the
// database (dirty) and then write it to the vault's folder when it is open for
// writing. Frontmatter that is not valid YAML is refused with its line, so a
// save never turns a note's metadata into nothing.
import { readContents } from '../ingest/contents';
import { stringify } from 'yaml';
import type { Db } from '../db/database';
import { parseFrontmatter, splitFrontmatter, UNREADABLE_FRONTMATTER } from '../ingest/frontmatter';
import { MAX_NESTING } from '../query/json-depth';
import { BOM, parseNoteText } from '../ingest/note';
import type { Problem } from '../ingest/problems';
import { replaceProblems, writeNote } from '../ingest/store';
import { writeBackEntry, type DiskOutcome } from '../platform/write-back';
import { describe, optString, reqString, type Args } from '../args';
import { defineTool, type ToolContext } from './define';
import { toolError } from '../errors';
import { resolveVault, resolveWriteTarget, type VaultRef } from '../resolve';
import { assertVisible } from '../team/sql';
import { getIdentity } from '../team/identity';
import { teamPlace } from '../team/layout';
import { assertMayWrite } from '../team/note-rules';
import { autoSubscribeOwnFolders } from '../team/refresh';
import { fileNameForTitle, newNotePath } from './note-path';

export { fileNameForTitle, newNotePath };

/** What a save changes: the whole text, or the frontmatter and/or the body. */
export interface NoteEdit {
  text?: string;
  body?: string;
  /** The YAML between the --- lines, as typed (comments and order kept). */
  frontmatterText?: string;
  /** Frontmatter as an object; written as YAML. */
  frontmatter?: Record<string, unknown>;
}

export interface WriteNoteResult {
  vault: string;
  path: string;
  title: string;
  permalink: string;
  tags: string[];
  modified: string;
  size: number;
  /** True once the folder on disk holds this text. */
  saved_to_disk: boolean;
  /** True while the change lives only in Kioku (export or write back to keep it in the folder). */
  unsaved_to_disk: boolean;
  disk: DiskOutcome;
  problems: { code: string; message: string; action: string; line: number | null }[];
}

const MAX_TEXT = 50_000_000;

function readEdit(args: Args, requireSomething: boolean): NoteEdit {
  const edit: NoteEdit = {
    text: optString(args, 'text', { maxLength: MAX_TEXT }),
    body: optString(args, 'body', { maxLength: MAX_TEXT }),
    frontmatterText: optString(args, 'frontmatter_text', { maxLength: 1_000_000 }),
  };
  const fm = args.frontmatter;
  if (fm !== undefined && fm !== null) {
    if (typeof fm !== 'object' || Array.isArray(fm)) {
      throw toolError('invalid_argument', `frontmatter must be an object of key: value pairs, got ${describe(fm)}.`, 'frontmatter');
    }
    checkFrontmatterNumbers(fm);
    edit.frontmatter = fm as Record<string, unknown>;
  }
  if (edit.body !== undefined && bodyIsWholeNote(edit.body)) {
    if (edit.text !== undefined || edit.frontmatterText !== undefined || edit.frontmatter !== undefined) {
      throw toolError('invalid_argument', 'body starts with a frontmatter block (--- key: value ---), and frontmatter was given too: give the whole note in body (or text) alone, or the frontmatter apart and a body without the block.', 'body');
    }
    return { text: edit.body };
  }
  if (edit.text !== undefined && (edit.body !== undefined || edit.frontmatterText !== undefined || edit.frontmatter !== undefined)) {
    throw toolError('invalid_argument', 'Give either text (the whole file) or body/frontmatter, not both.', 'text');
  }
  if (edit.frontmatterText !== undefined && edit.frontmatter !== undefined) {
    throw toolError('invalid_argument', 'Give either frontmatter (an object) or frontmatter_text (YAML), not both.', 'frontmatter_text');
  }
  if (requireSomething && edit.text === undefined && edit.body === undefined && edit.frontmatterText === undefined && edit.frontmatter === undefined) {
    throw toolError('invalid_argument', 'Nothing to write: give body, frontmatter, frontmatter_text or text.', 'body');
  }
  return edit;
}

/**
 * A body that opens with a frontmatter block of `key: value` lines is a whole
 * note: agents written for Basic Memory send the note, frontmatter included,
 * as `content` (an alias of body). Kept as body, that block would sit under an
 * empty one and no filter would ever see its fields. A block that is not a
 * mapping (a rule, a paragraph, a rule) stays body text; one that looks like
 * fields but is not valid YAML is refused with its line, as `text` would be.
 */
function bodyIsWholeNote(body: string): boolean {
  const problems: Problem[] = [];
  const split = splitFrontmatter(body, problems);
  if (split.yaml === null || split.yaml.trim() === '') return false;
  const fields = parseFrontmatter(split.yaml, split.yamlLine, problems);
  const unreadable = problems.some((p) => UNREADABLE_FRONTMATTER.has(p.code));
  if (!unreadable) return Object.keys(fields).length > 0;
  const first = split.yaml.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#')) ?? '';
  if (/^[\w"'][^:]*:(\s|$)/.test(first)) checkYaml(split.yaml, split.yamlLine, 'body', 'frontmatter at the start of body');
  return false;
}

/**
 * Numbers in a frontmatter object are written into the note as YAML: one
 * that is not finite would become `.inf`, and an integer past 2^53 has
 * already lost digits when the arguments were read as JSON
 * (12345678901234567891 arrives as 12345678901234567000, and YAML would
 * write those made-up zeros), so both are refused.
 */
function checkFrontmatterNumbers(fm: object): void {
  const stack: [unknown, string][] = [[fm, 'frontmatter']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) {
      throw toolError('invalid_argument', `Not saved: ${path} is ${v}, which is not a finite number; frontmatter numbers must be finite. Write it as a string if the text is meant.`, path, { reason: 'not_finite' });
    }
    // From 1e21 on, numbers are written with an exponent (1e+300): no digits are made up.
    if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) && Math.abs(v) < 1e21) {
      throw toolError(
        'invalid_argument',
        `Not saved: ${path} is an integer beyond ±9007199254740991, so it may already have lost digits (it reads as ${BigInt(v)}). Write it as a string to keep every digit.`,
        path,
        { reason: 'lost_precision' },
      );
    }
    if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) stack.push([x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`]);
    }
  }
}

function lineEnding(sample: string): string {
  return sample.includes('\r\n') ? '\r\n' : '\n';
}

/** YAML text → the head block; refuses YAML that would lose data, naming the line. */
function headFromYaml(yaml: string, nl: string, argPath: string): string {
  checkYaml(yaml, 1, argPath, 'frontmatter');
  if (yaml.trim() === '') return '';
  const text = yaml.endsWith('\n') ? yaml : yaml + nl;
  return `---${nl}${text}---${nl}`;
}

function checkYaml(yaml: string, firstLine: number, argPath: string, what: string): void {
  const problems: Problem[] = [];
  parseFrontmatter(yaml, firstLine, problems);
  const bad = problems.find((p) => UNREADABLE_FRONTMATTER.has(p.code));
  if (bad) {
    const where = bad.line ? `line ${bad.line} of the ${what}` : `the ${what}`;
    // Too deep is the same refusal as a frontmatter object nested too deep: reason and limit say so.
    const depth = bad.code === 'frontmatter_too_deep' ? { reason: 'too_deep', limit: MAX_NESTING } : {};
    throw toolError('invalid_argument', `Not saved: ${where}: ${bad.message}`, argPath, { line: bad.line ?? null, problem: bad.code, ...depth });
  }
}

/** Saving a note that is not valid UTF-8 would write replacement characters over the original bytes. */
export function refuseUnreadable(db: Db, entry: { vault_id: number; path: string }): void {
  if (db.get("SELECT 1 AS x FROM problems WHERE vault_id = ? AND path = ? AND code = 'invalid_utf8'", [entry.vault_id, entry.path])) {
    throw toolError(
      'unsupported',
      `${entry.path} is not valid UTF-8, so Kioku shows it with replacement characters (\uFFFD); saving here would overwrite the original bytes. Re-save the file as UTF-8 in your editor and re-sync the vault, then edit it here.`,
      'path',
    );
  }
}

/**
 * The new file text for an edit of a note whose current text is head + body.
 * A byte-order mark the file starts with (kept in its head) stays first
 * whatever the edit replaces: nobody sees it, so nobody sends it back.
 */
export function composeText(current: { head: string; body: string }, edit: NoteEdit): string {
  const bom = current.head.startsWith(BOM) ? BOM : '';
  const text = composeUnmarked({ head: current.head.slice(bom.length), body: current.body }, edit);
  return text.startsWith(BOM) ? text : bom + text;
}

function composeUnmarked(current: { head: string; body: string }, edit: NoteEdit): string {
  if (edit.text !== undefined) {
    const problems: Problem[] = [];
    const split = splitFrontmatter(edit.text.replace(/^\uFEFF/, ''), problems);
    if (problems.some((p) => p.code === 'frontmatter_unterminated')) {
      throw toolError('invalid_argument', 'Not saved: the frontmatter block opened with --- on line 1 is never closed. Add a closing --- line.', 'text', { line: 1 });
    }
    if (split.yaml !== null) checkYaml(split.yaml, split.yamlLine, 'text', 'note');
    return edit.text;
  }
  const nl = lineEnding(current.head || current.body);
  let head = current.head;
  if (edit.frontmatterText !== undefined) head = headFromYaml(edit.frontmatterText, nl, 'frontmatter_text');
  else if (edit.frontmatter !== undefined) {
    head = Object.keys(edit.frontmatter).length ? headFromYaml(stringify(edit.frontmatter, { lineWidth: 0 }), nl, 'frontmatter') : '';
  }
  const body = edit.body ?? current.body;
  // A body that itself starts with --- would be read back as frontmatter; an
  // empty block in front keeps it body text.
  if (head === '' && /^---[ \t]*\r?\n/.test(body)) head = `---${nl}---${nl}`;
  return head + body;
}

function outcome(db: Db, entryId: number, disk: DiskOutcome): WriteNoteResult {
  const e = db.get<{ vault: string; path: string; title: string; permalink: string; tags: string; mtime: number; size: number; dirty: number; vault_id: number }>(
    `SELECT v.name AS vault, e.path, e.title, e.permalink, e.tags, e.mtime, e.size, e.dirty, e.vault_id FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.id = ?`,
    [entryId],
  )!;
  return {
    vault: e.vault,
    path: e.path,
    title: e.title,
    permalink: e.permalink,
    tags: JSON.parse(e.tags || '[]'),
    modified: new Date(e.mtime).toISOString(),
    size: e.size,
    saved_to_disk: e.dirty === 0,
    unsaved_to_disk: e.dirty === 1,
    disk,
    problems: db.all('SELECT code, message, action, line FROM problems WHERE vault_id = ? AND path = ? ORDER BY id', [e.vault_id, e.path]),
  };
}

/** Re-indexes one note from its new text (dirty until the folder holds it), then tries the folder. */
export async function saveNote(ctx: ToolContext, vaultId: number, existing: { id: number; hash: string } | undefined, path: string, text: string): Promise<WriteNoteResult> {
  const { db } = ctx;
  const at = ctx.now();
  assertMayWrite(db, vaultId, path, text);
  const id = db.tx(() => {
    const parsed = parseNoteText(path, text);
    // hash stays what the folder held when Kioku last read it ('' when never on disk):
    // re-sync and write-back compare against it to detect edits made elsewhere.
    const meta = { path, size: new TextEncoder().encode(text).length, mtime: at, hash: existing?.hash ?? '' };
    const entryId = writeNote(db, vaultId, existing?.id, meta, parsed, { dirty: true });
    replaceProblems(db, vaultId, path, parsed.problems, at);
    // Every writer (write_note, create_note, WriteNote): my own team folder is subscribed the first time I write to it.
    const place = teamPlace(path);
    if (place && place.owner === getIdentity(db)?.user) autoSubscribeOwnFolders(db, vaultId, place.folder);
    return entryId;
  });
  const disk = await writeBackEntry(db, ctx.services.disk, id, at);
  return outcome(db, id, disk);
}

interface WriteInput {
  vault?: string;
  path: string;
  edit: NoteEdit;
  expectedModified?: string;
}

export const writeNoteTool = defineTool<WriteInput, WriteNoteResult>({
  name: 'write_note',
  aliases: ['edit_note', 'update_note'],
  description:
    'Changes an existing note: its body, its frontmatter, or its whole text. The index is updated at once; the file on disk is written too when its folder is open for writing, otherwise the change is kept in Kioku (unsaved_to_disk) until it is written back or exported.',
  params: [
    { name: 'path', type: 'string', required: true, aliases: ['identifier'], description: 'The exact vault-relative path of the note, e.g. "specs/auth-design.md"; titles and other spellings are not matched, so a write never lands on another note.' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'Vault name; needed when the path exists in several vaults.' },
    { name: 'body', type: 'string', aliases: ['content'], description: 'New body (everything after the frontmatter). A body that opens with a frontmatter block of key: value lines is read as the whole note, as text is.' },
    { name: 'frontmatter', type: 'object', description: 'New frontmatter as an object (replaces the old one; {} removes it).' },
    { name: 'frontmatter_text', type: 'string', description: 'New frontmatter as YAML text (without the --- lines); keeps comments and key order.' },
    { name: 'text', type: 'string', description: 'The whole new file text (instead of body/frontmatter).' },
    { name: 'expected_modified', type: 'string', description: 'The "modified" value read_note returned; the write is refused if the note changed since.' },
  ],
  examples: [{ path: 'specs/auth-design.md', frontmatter: { status: 'done' } }, { path: 'ideas.md', body: '# Ideas\n\n- [idea] Ship it\n' }],
  write: true,
  // Replaces the note's text.
  hints: { destructive: true, idempotent: true },
  parse(args) {
    return { path: reqString(args, 'path'), vault: optString(args, 'vault'), edit: readEdit(args, true), expectedModified: optString(args, 'expected_modified') };
  },
  async run(ctx, input) {
    const { db } = ctx;
    const entry = resolveWriteTarget(db, input.path, resolveVault(db, input.vault));
    assertVisible(db, entry, input.path);
    if (entry.kind !== 'note') {
      throw toolError('invalid_argument', `${entry.path} is not a Markdown note; only .md notes can be edited.`, 'path');
    }
    const current = new Date(entry.mtime).toISOString();
    if (input.expectedModified !== undefined && input.expectedModified !== current) {
      throw toolError('conflict', `${entry.path} changed since it was read (modified ${current}, expected ${input.expectedModified}). Read it again and reapply the change.`, 'expected_modified');
    }
    refuseUnreadable(db, entry);
    const content = readContents(db, entry.id) ?? { head: '', body: '' };
    const hash = db.get<{ hash: string }>('SELECT hash FROM entries WHERE id = ?', [entry.id])!.hash;
    const text = composeText(content, input.edit);
    return saveNote(ctx, entry.vault_id, { id: entry.id, hash }, entry.path, text);
  },
});

interface CreateInput {
  vault?: string;
  path: string;
  title?: string;
  edit: NoteEdit;
}

function defaultVault(db: Db, name: string | undefined): VaultRef {
  const v = resolveVault(db, name);
  if (v) return v;
  const all = db.all<VaultRef>('SELECT id, name FROM vaults ORDER BY name');
  if (all.length === 1) return all[0];
  throw toolError(
    'invalid_argument',
    all.length ? `Several vaults exist (${all.map((x) => JSON.stringify(x.name)).join(', ')}); pass "vault" to choose one.` : 'Nothing has been imported yet: import a folder first, then create notes in it.',
    'vault',
  );
}

/** A file cannot sit where a file is used as a folder, nor a folder where a file is. */
function checkPlaceFree(db: Db, vault: VaultRef, path: string): void {
  const parts = path.split('/');
  const folders = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
  for (const folder of folders) {
    const file = db.get<{ path: string }>('SELECT path FROM entries WHERE vault_id = ? AND lower(path) = lower(?)', [vault.id, folder]);
    if (file) {
      throw toolError('invalid_argument', `${JSON.stringify(path)} cannot be created: ${file.path} is a file in “${vault.name}”, so it cannot also be a folder. Choose another folder.`, 'path');
    }
  }
  // Every path that starts with "<path>/" sorts between "<path>/" and "<path>0" ('0' follows '/').
  const inside = db.get<{ path: string }>("SELECT path FROM entries WHERE vault_id = ? AND lower(path) > lower(?) || '/' AND lower(path) < lower(?) || '0' LIMIT 1", [vault.id, path, path]);
  if (inside) {
    throw toolError('invalid_argument', `${JSON.stringify(path)} cannot be created: it is a folder in “${vault.name}” (it holds ${inside.path}). Choose another name.`, 'path');
  }
}

export const createNoteTool = defineTool<CreateInput, WriteNoteResult>({
  name: 'create_note',
  aliases: ['new_note'],
  description:
    'Creates a new Markdown note in a vault and indexes it at once. The file is written to the folder when it is open for writing; otherwise the note lives in Kioku until written back or exported.',
  params: [
    { name: 'path', type: 'string', description: 'Vault-relative path ending in .md, e.g. "meetings/2026-05-01.md". Or give folder and title.' },
    { name: 'folder', type: 'string', aliases: ['directory'], description: 'Folder for the note (with title instead of path); "" for the vault root.' },
    { name: 'title', type: 'string', description: 'Title; becomes the file name when no path is given, and the frontmatter title when the frontmatter has none.' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'Vault name; optional when there is only one vault.' },
    { name: 'body', type: 'string', aliases: ['content'], description: 'The body text. A body that opens with a frontmatter block of key: value lines is read as the whole note, as text is.' },
    { name: 'frontmatter', type: 'object', description: 'Frontmatter as an object.' },
    { name: 'frontmatter_text', type: 'string', description: 'Frontmatter as YAML text (without the --- lines).' },
    { name: 'text', type: 'string', description: 'The whole file text (instead of body/frontmatter).' },
  ],
  examples: [{ folder: 'ideas', title: 'Offline sync', body: 'Sync without a server.', frontmatter: { status: 'draft', tags: ['sync'] } }],
  write: true,
  // Only adds: a note already at that path is refused, so a repeat changes nothing.
  hints: { destructive: false, idempotent: true },
  parse(args) {
    const title = optString(args, 'title', { nonEmpty: true, maxLength: 500 });
    const given = optString(args, 'path');
    let path: string;
    if (given !== undefined) path = newNotePath(given, 'path');
    else if (title !== undefined) {
      const folder = (optString(args, 'folder') ?? '').trim().replace(/^\/+|\/+$/g, '');
      path = newNotePath(folder ? `${folder}/${fileNameForTitle(title)}` : fileNameForTitle(title), folder ? 'folder' : 'title');
    } else throw toolError('invalid_argument', 'Give path (ending in .md), or title (and folder).', 'path');
    return { vault: optString(args, 'vault'), path, title, edit: readEdit(args, false) };
  },
  async run(ctx, input) {
    const { db } = ctx;
    const vault = defaultVault(db, input.vault);
    const clash = db.get<{ path: string }>('SELECT path FROM entries WHERE vault_id = ? AND lower(path) = lower(?)', [vault.id, input.path]);
    if (clash) {
      // Case-insensitive: macOS and Windows folders would overwrite a file that differs only in case.
      throw toolError('conflict', `${clash.path} already exists in “${vault.name}”. Choose another name, or edit that note with write_note.`, 'path');
    }
    checkPlaceFree(db, vault, input.path);
    const edit = { ...input.edit };
    if (input.title !== undefined && edit.text === undefined && edit.frontmatterText === undefined) {
      // The title is kept in the note itself, so it survives export and re-import.
      const fm = edit.frontmatter ?? {};
      if (fm.title === undefined) edit.frontmatter = { title: input.title, ...fm };
    }
    const text = composeText({ head: '', body: '' }, edit);
    return saveNote(ctx, vault.id, undefined, input.path, text);
  },
});
