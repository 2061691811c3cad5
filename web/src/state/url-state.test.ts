import { describe, expect, it } from 'vitest';
import { decodeState, EMPTY_STATE, encodeState, type SearchState } from './url-state';

describe('URL state codec', () => {
  it('round-trips a full state, including Japanese, dots and reserved characters', () => {
    const s: SearchState = {
      q: '設計 tag:security "exact phrase" & more',
      mode: 'hybrid',
      filter: { status: 'in-progress', confidence: { $gt: 0.7 }, 'schema.version': '2', 状態: null },
      vault: 'my vault/α',
      prefix: 'specs/認証/',
      links: 'my vault/α:projects/計画 & co.md',
      page: 3,
      view: 'table',
      cols: ['status', 'confidence'],
      sort: { field: 'confidence', order: 'desc' },
      note: { vault: 'my vault/α', path: 'specs/a&b=c?.md' },
      entity: 'observation',
      asOf: '2026-07-28',
    };
    const text = encodeState(s);
    expect(decodeState(text)).toEqual(s);
    expect(decodeState('?' + text)).toEqual(s);
  });

  it('keeps the Tasks view in the URL', () => {
    expect(encodeState({ ...EMPTY_STATE, view: 'tasks', q: 'rent' })).toBe('q=rent&view=tasks');
    expect(decodeState('view=tasks').view).toBe('tasks');
  });

  it('leaves defaults out of the URL', () => {
    expect(encodeState(EMPTY_STATE)).toBe('');
    expect(encodeState({ ...EMPTY_STATE, q: 'auth' })).toBe('q=auth');
  });

  it('falls back to defaults for malformed parts instead of failing', () => {
    const s = decodeState('q=x&mode=fast&filter={bad&page=-2&view=grid&cols=[1,"a",""]&sort=-');
    expect(s).toEqual({ ...EMPTY_STATE, q: 'x', cols: ['a'] });
    expect(decodeState('filter=[1,2]').filter).toBeNull();
    expect(decodeState('filter={}').filter).toBeNull();
    expect(decodeState('page=2.5').page).toBe(1);
    expect(decodeState('cols={"a":1}').cols).toBeNull();
    expect(decodeState('note=a.md').note).toBeNull();
  });

  it('keeps the entity type and the "as of" date, refusing what is not one', () => {
    expect(encodeState({ ...EMPTY_STATE, q: 'cache', asOf: '2026-07-28', entity: 'relation' })).toBe('q=cache&kind=relation&as_of=2026-07-28');
    expect(decodeState('as_of=28.07.2026&kind=notes')).toEqual(EMPTY_STATE);
  });

  it('says whether the open note came from a search hit (its words are marked)', () => {
    const hit = { ...EMPTY_STATE, q: 'settings', note: { vault: 'v', path: 'a.md', fromSearch: true } };
    expect(encodeState(hit)).toBe('q=settings&note=a.md&note_vault=v&from=search');
    expect(decodeState(encodeState(hit))).toEqual(hit);
    expect(decodeState('q=settings&note=a.md&note_vault=v').note).toStrictEqual({ vault: 'v', path: 'a.md' });
  });

  it('keeps the line of an observation or relation hit, only with the hit and only a line number', () => {
    const hit = { ...EMPTY_STATE, q: 'cache', note: { vault: 'v', path: 'a.md', fromSearch: true, line: 12 } };
    expect(encodeState(hit)).toBe('q=cache&note=a.md&note_vault=v&from=search&line=12');
    expect(decodeState(encodeState(hit))).toEqual(hit);
    expect(decodeState('note=a.md&note_vault=v&line=12').note).toStrictEqual({ vault: 'v', path: 'a.md' });
    for (const bad of ['0', '-3', '2.5', 'x', '']) expect(decodeState(`note=a.md&note_vault=v&from=search&line=${bad}`).note).toStrictEqual({ vault: 'v', path: 'a.md', fromSearch: true });
  });

  it('normalises a folder prefix to end with a slash', () => {
    expect(decodeState('in=specs').prefix).toBe('specs/');
  });
});
