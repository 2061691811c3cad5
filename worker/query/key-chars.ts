// The characters of a field name, one set for every place that reads one:
// inline field keys at import, filter keys, Dataview's sanitised forms.
// Letters, digits and combining marks of any script (`状態`), and emoji,
// which Dataview reads in inline field keys (`🎯:: ship`); U+200D and U+FE0F
// join and style emoji, so they belong to the name too.
export const KEY_CHARS = '\\p{L}\\p{N}\\p{M}\\p{Emoji_Presentation}\\u200d\\ufe0f';

/** Every character that is not a key character (with `extra`), for stripping. */
export function notKeyChars(extra = ''): RegExp {
  return new RegExp(`[^${KEY_CHARS}${extra}]`, 'gu');
}
