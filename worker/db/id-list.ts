// Many ids read in one value: a statement's group_concat of integer ids
// (decimal, comma-separated) parsed in JavaScript. sqlite-wasm hands a row
// to JavaScript for a few microseconds, so thousands of ids come out as one
// string; splitting that string into thousands of small strings and numbers
// costs about as much again as SQLite's own scan (bench:valid-time's filter
// row: 7,095 ids, ~0.4 ms in Node), so it is read character by character.

/** The ids of a group_concat(id) string, in its order; null or '' is none. Ids are non-negative integers below 2³¹. */
export function parseIdList(text: string | null | undefined): Int32Array {
  if (!text) return new Int32Array(0);
  // At most one id per two characters (a digit and a comma), plus the last.
  const out = new Int32Array((text.length >> 1) + 1);
  let n = 0;
  let v = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[n++] = v;
      v = 0;
    } else {
      v = v * 10 + (c - 48);
    }
  }
  out[n++] = v;
  return out.subarray(0, n);
}
