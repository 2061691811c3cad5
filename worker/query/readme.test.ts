// The filter-language sections of README.md and README.ja.md are checked
// against the engine: every example in the forms table compiles, and every
// error the errors table shows is the error the engine gives.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILTER_REASONS } from './filter-error';
import { compileFilter } from './index';
import { rejection } from './testdata/engine';

const ROOT = resolve(import.meta.dirname, '../..');

function section(file: string, heading: string): string {
  const text = readFileSync(resolve(ROOT, file), 'utf8');
  const start = text.indexOf(`## ${heading}`);
  expect(start, `${file} has "## ${heading}"`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 3);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Table rows as cells, without the header and the separator. */
function rows(md: string, header: string): string[][] {
  const lines = md.split('\n');
  const i = lines.findIndex((l) => l.startsWith(header));
  const out: string[][] = [];
  for (const l of lines.slice(i + 2)) {
    if (!l.startsWith('|')) break;
    out.push(l.slice(1, -1).split(' | ').map((c) => c.trim()));
  }
  return out;
}

const code = (cell: string) => /`(\{.*?\})`/.exec(cell)?.[1];

for (const [file, heading, formsHeader, errorsHeader] of [
  ['README.md', 'Filter language', '| form |', '| mistake |'],
  ['README.ja.md', 'フィルター言語', '| 形 |', '| 誤り |'],
] as const) {
  describe(file, () => {
    const md = section(file, heading);

    it('every example in the forms table compiles', () => {
      const examples = rows(md, formsHeader).map((r) => code(r[1]));
      expect(examples.length).toBeGreaterThanOrEqual(10);
      for (const ex of examples) expect(compileFilter(JSON.parse(ex!)), ex).not.toBeNull();
    });

    it('every error in the errors table is the one the engine gives', () => {
      const table = rows(md, errorsHeader);
      expect(table.length).toBeGreaterThanOrEqual(7);
      for (const [mistake, message] of table) {
        const r = rejection(() => compileFilter(JSON.parse(code(mistake)!)));
        expect(r.code).toBe('invalid_filter');
        for (const part of message.split('…').map((p) => p.trim()).filter(Boolean)) expect(r.message, mistake).toContain(part);
        const path = /`(filters\.[^`]+)`/.exec(mistake)?.[1];
        if (path) expect(r.path).toBe(path);
      }
    });

    it('lists every rejection reason', () => {
      for (const reason of FILTER_REASONS) expect(md).toContain(`\`${reason}\``);
    });
  });
}
