// The note view's link lists: each linked note once, whatever how many times
// and with which relation types the note links to it, and relation types in
// words (Basic Memory writes them as identifiers: links_to, relates_to).
import type { ReadNoteResult } from '../../../../worker/contract';

type Relation = ReadNoteResult['relations'][number];
type Backlink = ReadNoteResult['backlinks'][number];

export interface LinkedNote<T> {
  /** The first link to or from that note, in line order. */
  first: T;
  /** Its distinct relation types, in the order they appear. */
  types: string[];
  count: number;
}

function group<T extends { type: string }>(items: readonly T[], key: (x: T) => string): LinkedNote<T>[] {
  const out = new Map<string, LinkedNote<T>>();
  for (const x of items) {
    const k = key(x);
    const g = out.get(k);
    if (!g) out.set(k, { first: x, types: [x.type], count: 1 });
    else {
      g.count++;
      if (!g.types.includes(x.type)) g.types.push(x.type);
    }
  }
  return [...out.values()];
}

/** Outgoing links, one per target note (unresolved targets by their name, ignoring case). */
export const linkedNotes = (relations: readonly Relation[]) =>
  group(relations, (r) => (r.resolved ? `\u0001${r.resolved.vault}\u0000${r.resolved.path}` : `\u0002${r.target.normalize('NFC').toLowerCase()}`));

/** Incoming links, one per note that links here. */
export const linkingNotes = (backlinks: readonly Backlink[]) => group(backlinks, (b) => `${b.vault}\u0000${b.path}`);

/** A relation type as words: the UI's own label when it has one, else the identifier with spaces. */
export function relationLabel(type: string, known: (type: string) => string | undefined): string {
  return known(type) ?? type.replace(/[_-]+/g, ' ').trim();
}
