// The vault of bench:valid-time: bench:search's synthetic notes with five
// observations each, three in five dated with a temporal qualifier of every
// form. Shared with the stage profile (bench/valid-time-profile.ts).
import { rng } from './rng';

const CATEGORIES = ['decision', 'fact', 'idea', 'risk', 'requirement'];
const KINDS = ['effective', 'valid', 'occurred', 'due', 'mentioned'];

/** Five observations per note; three in five dated (ranges, effective points, months, days, instants). */
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

export interface Scenario {
  name: string;
  args: (q: string, i: number) => Record<string, unknown>;
  baseline?: boolean;
}
const at = (i: number) => `202${4 + (i % 4)}-${String(1 + (i % 12)).padStart(2, '0')}-15`;
/** The rows of bench:valid-time; the first is the baseline (plain text search over the notes). */
export const SCENARIOS: Scenario[] = [
  { name: 'baseline: text (notes)', baseline: true, args: (q) => ({ query: q }) },
  { name: 'text, entity_types observation', args: (q) => ({ query: q, entity_types: ['observation'] }) },
  { name: 'text + valid_at', args: (q, i) => ({ query: q, valid_at: at(i) }) },
  { name: 'text + valid_overlaps (one month)', args: (q, i) => ({ query: q, valid_overlaps: `[${at(i).slice(0, 8)}01,${at(i).slice(0, 8)}28]` }) },
  { name: 'text + valid_at + time_kind effective', args: (q, i) => ({ query: q, valid_at: at(i), time_kind: 'effective' }) },
  { name: 'text + valid_at + filter {"status":"active"}', args: (q, i) => ({ query: q, valid_at: at(i), filters: { status: 'active' } }) },
  { name: 'text + valid_at + path_prefix "area-3/"', args: (q, i) => ({ query: q, valid_at: at(i), path_prefix: 'area-3/' }) },
  { name: 'valid_at alone (no text)', args: (_q, i) => ({ valid_at: at(i) }) },
  { name: 'valid_at instant alone', args: (_q, i) => ({ valid_at: `${at(i)}T10:00:00Z` }) },
  { name: 'valid_overlaps alone (one month)', args: (_q, i) => ({ valid_overlaps: `[${at(i).slice(0, 8)}01,${at(i).slice(0, 8)}28]` }) },
  { name: 'time_kind effective alone', args: () => ({ time_kind: 'effective' }) },
  { name: 'valid_at alone + filter {"status":"active"}', args: (_q, i) => ({ valid_at: at(i), filters: { status: 'active' } }) },
  { name: 'valid_at alone + path_prefix "area-3/"', args: (_q, i) => ({ valid_at: at(i), path_prefix: 'area-3/' }) },
  { name: 'valid_at alone, page 5', args: (_q, i) => ({ valid_at: at(i), page: 5 }) },
];
