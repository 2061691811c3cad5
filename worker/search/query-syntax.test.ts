import { describe, expect, it } from 'vitest';
import { compileQuery, matchExpression } from './fts-query';
import { MAX_CLAUSES, parseQuery } from './query-syntax';

const kinds = (q: string) => parseQuery(q).clauses.map((c) => (c.kind === 'any' ? `any(${c.leaves.map((l) => l.text).join('|')})` : `${c.kind}:${c.leaf.text}${c.leaf.prefix ? '*' : ''}`));

describe('parseQuery: the constructs', () => {
  it('reads plain words, phrases, prefixes, exclusions and OR groups', () => {
    expect(kinds('auth design')).toEqual(['word:auth', 'word:design']);
    expect(kinds('"token refresh" flow')).toEqual(['phrase:token refresh', 'word:flow']);
    expect(kinds('auth*')).toEqual(['word:auth**']); // prefix flag shown as the trailing *
    expect(kinds('design -draft -"old notes"')).toEqual(['word:design', 'not:draft', 'not:old notes']);
    expect(kinds('oauth OR saml OR "single sign-on" login')).toEqual(['any(oauth|saml|single sign-on)', 'word:login']);
  });

  it('accepts AND between words and changes nothing', () => {
    expect(kinds('auth AND design')).toEqual(['word:auth', 'word:design']);
  });

  it('treats OR and AND at the edges, lower case or doubled as plain words', () => {
    expect(kinds('OR auth')).toEqual(['word:OR', 'word:auth']);
    expect(kinds('auth OR')).toEqual(['word:auth', 'word:OR']);
    expect(kinds('auth or design')).toEqual(['word:auth', 'word:or', 'word:design']);
    expect(kinds('a OR OR b')).toEqual(['word:a', 'word:OR', 'word:OR', 'word:b']);
  });

  it('treats an unbalanced quote as punctuation', () => {
    expect(kinds('"unclosed phrase')).toEqual(['word:unclosed', 'word:phrase']);
    expect(kinds('say "a" "b')).toEqual(['word:say', 'phrase:a', 'word:b']);
  });

  it('reads a hyphen inside a word, a lone hyphen and a double hyphen as text', () => {
    expect(kinds('e-mail - --x')).toEqual(['word:e-mail', 'word:-', 'word:--x']);
  });

  it('caps the number of clauses', () => {
    const q = parseQuery(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '));
    expect(q.clauses).toHaveLength(MAX_CLAUSES);
    expect(q.truncated).toBe(true);
  });
});

describe('compileQuery: every leaf is one quoted FTS5 string', () => {
  it('quotes words, keeps prefixes and splits punctuation into phrase tokens', () => {
    const c = compileQuery(parseQuery('auth* e-mail "Token  Refresh" -Draft'));
    expect(c.optional).toEqual(['"auth"*', '"e mail"']);
    expect(c.required).toEqual(['"token refresh"']);
    expect(c.excluded).toEqual(['"draft"']);
  });

  it('drops leaves with nothing searchable (emoji, punctuation)', () => {
    const c = compileQuery(parseQuery('😀 *** ( ) ^ :'));
    expect(c.optional).toEqual([]);
    expect(matchExpression(c)).toBeNull();
  });

  it('normalises width and case (ＡＢＣ → abc, ｶﾀｶﾅ → カタカナ)', () => {
    const c = compileQuery(parseQuery('ＯＡｕｔｈ ｶﾀｶﾅ'));
    expect(c.optional).toEqual(['"oauth"', '"カタ タカ カナ"']);
  });

  it('turns a single CJK character into a prefix match and a run into a bigram phrase', () => {
    expect(compileQuery(parseQuery('猫')).optional).toEqual(['"猫"*']);
    expect(compileQuery(parseQuery('設計')).optional).toEqual(['"設計"']);
  });

  it('splits Japanese typed without spaces into words, keeping the run as a boost', () => {
    const c = compileQuery(parseQuery('検索エンジンの設計'));
    expect(c.optional).toEqual(['"検索"', '"エン ンジ ジン"', '"設計"']);
    expect(c.boost).toEqual(['"検索 索エ エン ンジ ジン ンの の設 設計"']);
  });

  it('keeps required phrases in the match and scores optional words inside an OR', () => {
    const c = compileQuery(parseQuery('"token refresh" design flow'));
    expect(matchExpression(c)).toBe('"token refresh" AND ("design" OR "flow" OR "token refresh")');
    expect(matchExpression(c, { allOptional: true })).toBe('"token refresh" AND "design" AND "flow"');
  });
});
