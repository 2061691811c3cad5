// When the query box searches what is in it. Typing letter by letter waits
// for a short pause, so a word is not searched at every letter. Text that
// arrives whole (a paste, a drop, an autocompleted word) is searched at once:
// the user has nothing more to type. While an input method is composing
// (Japanese kana before conversion) nothing is searched: the reading is not
// the word yet; the confirmed word is searched at once (compositionend).

/** The pause after a typed letter before the draft is searched, ms. */
export const COMMIT_DELAY_MS = 150;

/** How long to wait before searching `next` (0: at once), or null: not yet (still composing). */
export function commitDelay(prev: string, next: string, composing: boolean): number | null {
  if (composing) return null;
  return next.length - prev.length >= 2 ? 0 : COMMIT_DELAY_MS;
}
