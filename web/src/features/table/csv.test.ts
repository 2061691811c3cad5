import { describe, expect, it } from 'vitest';
import { BOM, toCsv } from './csv';

describe('CSV export', () => {
  it('starts with a BOM, uses CRLF and quotes what needs quoting', () => {
    const csv = toCsv(['title', 'note'], [
      ['認証の設計', 'plain'],
      ['a,b', 'say "hi"'],
      ['multi\nline', ' padded '],
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe('title,note\r\n認証の設計,plain\r\n"a,b","say ""hi"""\r\n"multi\nline"," padded "\r\n');
  });

  it('writes typed values: numbers as numbers, lists joined, maps as JSON, null empty', () => {
    const csv = toCsv(['a', 'b', 'c', 'd', 'e'], [[0.75, ['x', 'y'], { v: 2 }, null, true]]);
    expect(csv.split('\r\n')[1]).toBe('0.75,x; y,"{""v"":2}",,true');
  });

  it('defuses spreadsheet formulas but keeps negative numbers', () => {
    const csv = toCsv(['a', 'b', 'c'], [['=HYPERLINK("x")', '-3.5', '@cmd']]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-3.5,'@cmd`);
  });
});
