// Function words. They are never marked in snippets (a snippet lighting up
// every "the" and "to", or every する and ます, says nothing about why a note
// matched), unless the query is made of nothing else. Text ranking leaves the
// English ones out of a query that has other words (worker/search/text.ts,
// docs/search-text.md); the Japanese ones still score as the query's soft
// words (worker/text/segment.ts), whose place they keep.
const WORDS =
  'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves';

/**
 * Japanese function words written in hiragana, as the query splitter
 * (segment.ts) cuts them from a question typed without spaces: verb endings
 * and auxiliaries (する, します, できる), formal nouns (こと, ため) and
 * compound particles (について, として). Content words in hiragana (まとめる)
 * are not here and stay marked.
 */
const JA_WORDS =
  'する します した して しない しよう しません でき される された されて されます させる できる できます できない できた なる なります なった なって ある あります あった あって いる います いない いた いう という といった こと もの ため など について によって による として における において での では には とは から まで より ので のに ても です でした ます ません ない なく よう ような ように これ それ あれ この その あの どの どう どうやって どうすれば なに なん なぜ どこ いつ だれ どれ ください たい たく たち られる られた れる また および';

export const STOP_WORDS: ReadonlySet<string> = new Set([...WORDS.split(' '), ...JA_WORDS.split(' ')]);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.normalize('NFKC').toLowerCase());
}

/** The terms to mark: all but stop words, or all of them when nothing else is left. */
export function withoutStopWords<T extends { text: string }>(terms: readonly T[]): T[] {
  const kept = terms.filter((t) => !isStopWord(t.text));
  return kept.length ? kept : [...terms];
}
