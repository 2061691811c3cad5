// Unsaved edits survive leaving the editor without saving or cancelling
// (opening another note, Back, the folder tree): they are kept as a draft per
// note, restored when the note is opened again, and dropped on save or on an
// explicit discard. Kept in memory and, best effort, in sessionStorage, so a
// reload of the tab (which the editor also warns about) keeps them too.

export interface Draft {
  yaml: string;
  body: string;
}

const PREFIX = 'kioku.draft:';
const memory = new Map<string, Draft>();
const keyOf = (vault: string, path: string) => `${vault}\u0000${path}`;

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function keepDraft(vault: string, path: string, draft: Draft): void {
  const key = keyOf(vault, path);
  memory.set(key, draft);
  try {
    session()?.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // Over the storage quota (a huge note): the in-memory draft still holds it for this page.
  }
}

export function peekDraft(vault: string, path: string): Draft | undefined {
  const key = keyOf(vault, path);
  const held = memory.get(key);
  if (held) return held;
  try {
    const text = session()?.getItem(PREFIX + key);
    const parsed = text ? (JSON.parse(text) as Partial<Draft>) : null;
    if (parsed && typeof parsed.yaml === 'string' && typeof parsed.body === 'string') {
      const draft = { yaml: parsed.yaml, body: parsed.body };
      memory.set(key, draft);
      return draft;
    }
  } catch {
    // Unreadable storage: no draft.
  }
  return undefined;
}

export function dropDraft(vault: string, path: string): void {
  const key = keyOf(vault, path);
  memory.delete(key);
  try {
    session()?.removeItem(PREFIX + key);
  } catch {
    // nothing to drop
  }
}
