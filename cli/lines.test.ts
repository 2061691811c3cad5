// kioku batch's line splitting: only "\n" ends a request.
import { describe, expect, it } from 'vitest';
import { requestLines } from './lines';

async function lines(chunks: (string | Uint8Array)[]): Promise<string[]> {
  const out: string[] = [];
  for await (const l of requestLines((async function* () {
    yield* chunks;
  })())) out.push(l);
  return out;
}

describe('requestLines', () => {
  it('keeps a raw carriage return inside a line and drops the one of a CRLF ending', async () => {
    expect(await lines(['a\rb\nc\r\nd'])).toEqual(['a\rb', 'c', 'd']);
    expect(await lines(['\r\n\n'])).toEqual(['', '']);
  });

  it('joins lines and UTF-8 characters cut across chunks', async () => {
    const bytes = new TextEncoder().encode('同期\r\nx\ry\n');
    expect(await lines([bytes.subarray(0, 2), bytes.subarray(2, 7), bytes.subarray(7)])).toEqual(['同期', 'x\ry']);
  });
});
