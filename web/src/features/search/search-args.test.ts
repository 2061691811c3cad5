// The search the engine runs while the page loads must be, to the byte, the
// one SearchPane then sends (the engine hands its answer over only to the
// same arguments): for the URL's query in each mode, and none when the page
// opens without searching.
import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../../engine/capabilities';
import { decodeState } from '../../state/url-state';
import { firstSearchArgs, hasSearch, searchArgs } from './search-args';

// The app's own engine: search takes every argument the page can send.
const caps = capabilitiesOf([
  { name: 'search', params: ['query', 'mode', 'filters', 'vault', 'path_prefix', 'fields', 'page', 'page_size', 'snippet_markers'].map((name) => ({ name })) },
]);

/** What SearchPane sends first for this URL: the search itself, or (a mode by meaning) the same search by text. */
function paneFirst(search: string): string | null {
  const state = decodeState(search);
  if (state.view !== 'results' || !hasSearch(state, caps)) return null;
  const args = searchArgs(state, caps);
  return JSON.stringify(state.mode === 'vector' || state.mode === 'hybrid' ? { ...args, mode: 'text' } : args);
}

describe('firstSearchArgs', () => {
  it.each([
    '?q=battering%20ram',
    '?q=siege+engine&mode=text',
    '?q=siege+engine&mode=hybrid',
    '?q=wind&mode=vector&page=2',
    '?q=auth&vault=work&in=specs%2F&cols=%5B%22status%22%5D',
    `?filter=${encodeURIComponent(JSON.stringify({ status: 'draft' }))}`,
    '?q=meeting&kind=observation&as_of=2026-06-01',
  ])('%s: the same arguments as the page', (search) => {
    expect(JSON.stringify(firstSearchArgs(search))).toBe(paneFirst(search));
    expect(firstSearchArgs(search)).not.toBeNull();
  });

  it('"as of" a date searches the observations the entity choice then shows, whatever kind the URL holds', () => {
    // The choice shows "observations" while a date is set (only they carry valid time); a URL with kind=relation must not ask for relations.
    expect(searchArgs(decodeState('?q=cache&as_of=2026-07-28&kind=relation'), caps)).toMatchObject({ valid_at: '2026-07-28', entity_types: ['observation'] });
    expect(searchArgs(decodeState('?q=cache&as_of=2026-07-28'), caps)).toMatchObject({ valid_at: '2026-07-28', entity_types: ['observation'] });
    expect(searchArgs(decodeState('?q=cache&kind=relation'), caps)).toMatchObject({ entity_types: ['relation'] });
  });

  it('a mode by meaning is run ahead by text, as the page shows it first', () => {
    expect(firstSearchArgs('?q=wind&mode=hybrid')).toMatchObject({ query: 'wind', mode: 'text' });
    expect(firstSearchArgs('?q=wind')).not.toHaveProperty('mode');
  });

  it.each(['', '?q=', '?q=%20%20', '?q=wind&view=table', '?note=a.md&note_vault=v'])('%s: nothing to run ahead', (search) => {
    expect(firstSearchArgs(search)).toBeNull();
    expect(paneFirst(search)).toBeNull();
  });
});
