// The request lines of `kioku batch`. Only "\n" ends a line (a trailing "\r"
// of a CRLF file is dropped): a raw carriage return inside a line is part of
// that line, so every input line gets exactly one answer, in order. Node's
// readline would also split at a lone "\r" and shift every later answer.
export async function* requestLines(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of input) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      yield withoutCr(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  }
  pending += decoder.decode();
  if (pending !== '') yield withoutCr(pending);
}

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
