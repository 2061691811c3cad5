// The score a text hit shows (search results, `kioku search`, MCP). FTS5
// clamps BM25's IDF to almost nothing (1e-6) for a word in more than half of
// the notes, so in a small vault the hits of such a word scored 0.0000, as if
// nothing had matched. The ranking is unchanged (text.ts orders the notes);
// only the number shown is mapped, increasingly, so the order and the bands
// stay: every word 1 to 2 as before, some of the words 0.5 to 1, never 0.
export function shownTextScore(score: number): number {
  return score >= 1 ? score : Math.round((0.5 + Math.max(0, score) / 2) * 100_000) / 100_000;
}
