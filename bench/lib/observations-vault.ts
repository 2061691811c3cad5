// The vaults and rows of bench:valid-time (one definition for both hosts: the
// Chromium scenario bench/browser/scenarios/valid-time.ts, run in Node too,
// and the stage profile). A vault is 10,000 notes with five observations
// each, three in five dated with a temporal qualifier of every form:
// seekstone-10k's own notes (the vault the text-search target is stated on),
// or bench:search's synthetic notes built from seekstone's prose.
import { rng } from './rng';
import { sentencesFrom, syntheticVault } from './synthetic';

const CATEGORIES = ['decision', 'fact', 'idea', 'risk', 'requirement'];
const KINDS = ['effective', 'valid', 'occurred', 'due', 'mentioned'];

/** Five observations appended to each note; three in five dated (ranges, effective points, months, days, instants). */
export function withObservations(files: Record<string, string>, sentences: string[]): { files: Record<string, string>; observations: number; dated: number } {
  const random = rng(29);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const day = () => `202${4 + Math.floor(random() * 4)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  let observations = 0;
  let dated = 0;
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) {
    const lines: string[] = [];
    for (let k = 0; k < 5; k++) {
      const words = pick(sentences).split(' ').slice(0, 12).join(' ').replace(/[[\]()#@]/g, '');
      let q = '';
      if (random() < 0.6) {
        dated++;
        const form = Math.floor(random() * 5);
        const [a, b] = [day(), day()].sort();
        q = form === 0 ? `@${pick(KINDS)}[${a},${b}) `
          : form === 1 ? `@effective:${a} `
          : form === 2 ? `@${pick(KINDS)}:${a.slice(0, 7)} `
          : form === 3 ? `@${a} `
          : `@occurred[${a}T0${Math.floor(random() * 10)}:00:00Z,${b}T12:00:00+09:00] `;
      }
      lines.push(`- [${pick(CATEGORIES)}] ${q}${words}`);
      observations++;
    }
    out[path] = `${text}\n## Observations\n\n${lines.join('\n')}\n`;
  }
  return { files: out, observations, dated };
}

/** Which vault, and the scope arguments of its rows (a filter and a folder of about a tenth of the notes, as bench:search uses on it). */
export interface ObservationsVaultKind {
  name: 'seekstone' | 'synthetic';
  filter: Record<string, unknown>;
  pathPrefix: string;
}

export const VAULT_KINDS: Record<ObservationsVaultKind['name'], ObservationsVaultKind> = {
  seekstone: { name: 'seekstone', filter: { type: 'note' }, pathPrefix: 'Reference/' },
  synthetic: { name: 'synthetic', filter: { status: 'active' }, pathPrefix: 'area-3/' },
};

/**
 * The vault's files: seekstone's notes as they are (texts: the corpus, path →
 * text), or `notes` synthetic notes from their prose; five observations each.
 */
export function observationsVault(kind: ObservationsVaultKind, texts: Record<string, string>, notes = 10_000): ReturnType<typeof withObservations> {
  const sentences = sentencesFrom(Object.values(texts));
  const base = kind.name === 'seekstone' ? Object.fromEntries(Object.entries(texts).filter(([p]) => /\.md$/i.test(p))) : syntheticVault(sentences, notes);
  return withObservations(base, sentences);
}

export interface ValidTimeRow {
  name: string;
  args: (q: string, i: number) => Record<string, unknown>;
  baseline?: boolean;
  /** Plain search with a row's scope and no valid-time argument: what that scope costs by itself (not judged against the target). */
  reference?: boolean;
  /** Has words: its time is bounded by the text ranking, as the baseline's is. */
  text?: boolean;
}

const at = (i: number) => `202${4 + (i % 4)}-${String(1 + (i % 12)).padStart(2, '0')}-15`;
const month = (i: number) => `[${at(i).slice(0, 8)}01,${at(i).slice(0, 8)}28]`;

/** The rows of bench:valid-time for a vault; the first is the baseline (plain text search over the notes). */
export function validTimeRows(kind: ObservationsVaultKind): ValidTimeRow[] {
  const f = JSON.stringify(kind.filter);
  const p = kind.pathPrefix;
  return [
    { name: 'baseline: text (notes)', baseline: true, text: true, args: (q) => ({ query: q }) },
    { name: 'text, entity_types observation', text: true, args: (q) => ({ query: q, entity_types: ['observation'] }) },
    { name: 'text + valid_at', text: true, args: (q, i) => ({ query: q, valid_at: at(i) }) },
    { name: 'text + valid_overlaps (one month)', text: true, args: (q, i) => ({ query: q, valid_overlaps: month(i) }) },
    { name: 'text + valid_at + time_kind effective', text: true, args: (q, i) => ({ query: q, valid_at: at(i), time_kind: 'effective' }) },
    { name: `text + valid_at + filter ${f}`, text: true, args: (q, i) => ({ query: q, valid_at: at(i), filters: kind.filter }) },
    { name: `text + valid_at + path_prefix "${p}"`, text: true, args: (q, i) => ({ query: q, valid_at: at(i), path_prefix: p }) },
    { name: 'valid_at alone (no text)', args: (_q, i) => ({ valid_at: at(i) }) },
    { name: 'valid_at instant alone', args: (_q, i) => ({ valid_at: `${at(i)}T10:00:00Z` }) },
    { name: 'valid_overlaps alone (one month)', args: (_q, i) => ({ valid_overlaps: month(i) }) },
    { name: 'time_kind effective alone', args: () => ({ time_kind: 'effective' }) },
    { name: `valid_at alone + filter ${f}`, args: (_q, i) => ({ valid_at: at(i), filters: kind.filter }) },
    { name: `valid_at alone + path_prefix "${p}"`, args: (_q, i) => ({ valid_at: at(i), path_prefix: p }) },
    { name: 'valid_at alone, page 5', args: (_q, i) => ({ valid_at: at(i), page: 5 }) },
    // The filter rows' scope without valid time: plain text + filter, and the filter alone (a listing of notes).
    { name: `reference: text + filter ${f} (notes)`, reference: true, text: true, args: (q) => ({ query: q, filters: kind.filter }) },
    { name: `reference: filter ${f} alone (notes)`, reference: true, args: () => ({ filters: kind.filter }) },
  ];
}
