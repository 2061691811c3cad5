// Every operator of the filter language against the fixture vault (real
// SQLite), one describe block per operator, each a table of filter → the notes
// it must select; then every rejection, with its path and reason.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { compileFilter } from './index';
import { fixtureEngine, matching, rejection } from './testdata/engine';

let engine: Engine;
beforeAll(async () => {
  engine = await fixtureEngine();
});

type Case = [filter: unknown, expected: string[]];

function table(cases: Case[]) {
  it.each(cases.map(([f, want]) => [JSON.stringify(f), f, want] as const))('%s', (_name, filter, want) => {
    expect(matching(engine.db, filter)).toEqual([...want].sort());
  });
}

describe('$eq (a plain value)', () => {
  table([
    [{ status: 'active' }, ['alpha']],
    [{ status: 'Active' }, ['gamma']], // strings are case-sensitive
    [{ rating: 1 }, ['alpha', 'beta', 'gamma']], // 1, "1" and 1.0 are equal
    [{ rating: '1' }, ['alpha', 'beta', 'gamma']],
    [{ rating: '1.0' }, ['alpha', 'beta', 'gamma']],
    [{ rating: true }, ['epsilon']],
    [{ score: 1 }, ['beta', 'epsilon']], // epsilon holds the string "1.0"
    [{ draft: true }, ['beta', 'zeta']], // true, True and the string "TRUE"
    [{ draft: 'true' }, ['beta', 'zeta']],
    [{ draft: 'FALSE' }, ['alpha']],
    [{ draft: 'yes' }, ['gamma']], // yes is text under YAML 1.2, not true
    [{ started: '2026-01-15' }, ['alpha']], // dates are strings
    [{ 'ms.custom': 12345 }, ['alpha']],
    [{ 'ms.custom': 'intro-to-x' }, ['beta']],
    [{ 'ms.custom': 1 }, ['gamma']], // a list element
    [{ 'ms.custom': 7 }, ['epsilon']], // the string "007"
    [{ 'ms.custom': 'two' }, ['gamma']],
    [{ '状態': '完了' }, ['alpha']],
    [{ 'schema.version': 2 }, ['alpha', 'beta']], // nested map and literal dotted key
    [{ 'ms.topic': 'article' }, ['alpha']],
    [{ 'authors.name': 'Bob' }, ['alpha']], // through a list of maps
    [{ id: '12345678901234567891' }, ['epsilon']], // long integers compare exactly as text
    [{ id: '12345678901234567892' }, []],
    [{ confidence: 'n/a' }, ['gamma']],
    [{ owner: '' }, ['zeta']],
    [{ type: 'note' }, ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta']], // never the PDF or the PNG
    [{ place: 'cafe\u0301' }, ['zeta']], // NFD in the filter, NFC in the note
    [{ version: '10.0.5' }, ['epsilon']],
    [{ status: { $eq: 'draft' } }, ['beta']],
    [{ status: 'active', priority: 'high' }, ['alpha']],
    [{ status: 'active', priority: 'low' }, []],
  ]);
});

describe('$all (a list of values)', () => {
  table([
    [{ tags: ['security', 'oauth'] }, ['alpha']],
    [{ tags: ['security'] }, ['alpha', 'beta', 'gamma']], // Security, security, ＳＥＣＵＲＩＴＹ
    [{ tags: ['SECURITY', 'straße'] }, ['gamma']],
    [{ tags: 'strasse' }, ['gamma', 'zeta']], // Straße and STRASSE fold alike
    [{ tags: 'project/alpha' }, ['zeta']],
    [{ tags: ['ops', 'security'] }, ['beta']], // from the comma string "security, ops"
    [{ tags: '#security' }, ['alpha', 'beta', 'gamma']], // a leading # is stripped, as on import and in tag:
    [{ tags: ['#OAuth', ' security '] }, ['alpha']],
    [{ status: ['active'] }, ['alpha']], // a scalar counts as a one-element list
    [{ 'ms.custom': [1, 3] }, ['gamma']],
    [{ 'ms.custom': [1, 'two'] }, ['gamma']],
    [{ 'ms.custom': [1, 12345] }, []],
    [{ tags: { $all: ['OPS', 'Security'] } }, ['beta']],
  ]);
});

describe('$in', () => {
  table([
    [{ priority: { $in: ['high', 'critical'] } }, ['alpha', 'beta']],
    [{ 'ms.custom': { $in: [3, 'intro-to-x'] } }, ['beta', 'gamma']],
    [{ rating: { $in: [true, 2] } }, ['epsilon']],
    [{ tags: { $in: ['OPS', 'project/alpha'] } }, ['beta', 'zeta']],
    [{ tags: { $in: ['#ops'] } }, ['beta']],
    [{ status: { in: ['draft'] } }, ['beta']], // the $ may be omitted
  ]);
});

describe('$nin', () => {
  table([
    [{ priority: { $nin: ['high', 'critical'] } }, ['delta', 'epsilon', 'gamma', 'zeta']], // notes without a priority too
    [{ tags: { $nin: ['OPS', 'project/alpha'] } }, ['alpha', 'delta', 'epsilon', 'gamma']],
    [{ status: 'active', tags: { nin: ['ops'] } }, ['alpha']],
  ]);

  it('is the complement of $in among notes (never files), for every list', () => {
    const notes = matching(engine.db, { type: 'note' });
    for (const [key, values] of [
      ['priority', ['high', 'critical']],
      ['ms.custom', [3, 'intro-to-x']],
      ['rating', [true, 2]],
      ['tags', ['security']],
      ['status', ['draft', 'active', 'Active']],
    ] as const) {
      const inSet = matching(engine.db, { [key]: { $in: values } });
      expect(inSet.length, key).toBeGreaterThan(0);
      expect(matching(engine.db, { [key]: { $nin: values } }), key).toEqual(notes.filter((n) => !inSet.includes(n)));
    }
  });
});

describe('$gt $gte $lt $lte', () => {
  table([
    [{ confidence: { $gt: 0.7 } }, ['alpha', 'beta', 'epsilon', 'zeta']], // "0.75" and 1e3 count; "n/a" never
    [{ confidence: { $gt: '0.7' } }, ['alpha', 'beta', 'epsilon', 'zeta']], // a numeric string selects numeric mode
    [{ confidence: { $lt: 1 } }, ['alpha', 'beta']],
    [{ score: { $gte: 1 } }, ['beta', 'epsilon']],
    [{ score: { $lte: 0.3 } }, ['gamma', 'zeta']],
    [{ score: { gte: 0.9 } }, ['beta', 'epsilon']],
    [{ started: { $gte: '2026-01-01' } }, ['alpha', 'beta', 'zeta']], // ISO dates order as text
    [{ started: { $lt: '2026-01-01' } }, ['gamma']],
    [{ started: { $gte: '2026-01-01', $lt: '2026-02-01' } }, ['alpha', 'zeta']],
    [{ score: { $gt: 'a' } }, []], // string mode: numbers never match
    [{ 'ms.custom': { $gt: 'a' } }, ['beta', 'gamma']], // "007" is a number, "two" a list element
    [{ 'ms.custom': { $gt: 5 } }, ['alpha', 'epsilon']],
    [{ 'ms.custom': { $gte: 3, $lte: 3 } }, ['gamma']], // one element satisfies the whole range
    [{ draft: { $gt: 'a' } }, ['gamma']], // "yes"; "TRUE" sorts before "a"; false and True are booleans
    [{ 'ms.custom': { $lt: 'a' } }, ['epsilon']], // string mode compares every stored string, "007" too; numbers never
  ]);
});

describe('$between', () => {
  table([
    [{ score: { $between: [0.3, 0.8] } }, ['alpha', 'gamma']], // inclusive
    [{ score: { $between: ['0.3', 1] } }, ['alpha', 'beta', 'epsilon', 'gamma']],
    [{ score: { $between: [1, 1] } }, ['beta', 'epsilon']],
    [{ started: { $between: ['2026-01-01', '2026-01-31'] } }, ['alpha', 'zeta']],
    [{ 'ms.custom': { between: [2, 10] } }, ['epsilon', 'gamma']],
  ]);
});

describe('$contains', () => {
  table([
    [{ tags: { $contains: 'security' } }, ['alpha', 'beta', 'gamma']],
    [{ tags: { $contains: 'sec' } }, []], // list elements match whole
    [{ tags: { $contains: '#security' } }, ['alpha', 'beta', 'gamma']],
    [{ title: { $contains: 'lph' } }, ['alpha']],
    [{ title: { $contains: 'ALP' } }, ['alpha']], // strings: case-insensitive substring
    [{ status: { $contains: 'ACT' } }, ['alpha', 'gamma']],
    [{ 'ms.custom': { $contains: 'two' } }, ['gamma']],
    [{ 'ms.custom': { $contains: 3 } }, ['gamma']],
    [{ 'ms.custom': { $contains: 'intro' } }, ['beta']],
    [{ 'ms.custom': { $contains: 'tw' } }, []],
    [{ draft: { $contains: true } }, ['beta', 'zeta']],
  ]);
});

describe('$exists and null', () => {
  table([
    [{ owner: { $exists: true } }, ['alpha', 'zeta']], // "" is a value
    [{ owner: { $exists: false } }, ['beta', 'delta', 'epsilon', 'gamma']], // null or missing, never a file
    [{ owner: null }, ['beta', 'delta', 'epsilon', 'gamma']],
    [{ tags: null }, ['delta', 'epsilon']], // no tags, or tags: []
    [{ empty_map: { $exists: false } }, ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta']],
    [{ list_nulls: null }, ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta']],
    [{ schema: { $exists: true } }, ['alpha', 'beta', 'zeta']], // a nested map, or a literal "schema.version"
    [{ ms: { $exists: true } }, ['alpha', 'beta', 'epsilon', 'gamma']],
    [{ 'schema.version': { $exists: true } }, ['alpha', 'beta', 'zeta']],
    [{ 'schema.version': 3 }, ['zeta']], // written both nested (3) and dotted (4): two values, like a list
    [{ 'schema.version': [3, 4] }, ['zeta']],
    [{ nowhere: null }, ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta']],
  ]);

  it('never matches files, even for null and $exists: false', () => {
    expect(engine.db.column("SELECT path FROM entries WHERE kind = 'file' ORDER BY path")).toEqual(['assets/report.pdf', 'images/pic.png']);
    for (const f of [{ owner: null }, { owner: { $exists: false } }, { nowhere: null }, { title: { $exists: false } }]) {
      const got = matching(engine.db, f);
      expect(got).not.toContain('assets/report.pdf');
      expect(got).not.toContain('images/pic.png');
    }
  });
});

type Reject = [filter: unknown, path: string, reason: string, message: RegExp];

function rejects(cases: Reject[]) {
  it.each(cases.map(([f, path, reason, msg]) => [typeof f === 'string' ? f : JSON.stringify(f), f, path, reason, msg] as const))(
    'rejects %s',
    (_name, filter, path, reason, msg) => {
      const r = rejection(() => compileFilter(filter));
      expect(r).toMatchObject({ code: 'invalid_filter', path, reason });
      expect(r.message).toMatch(msg);
    },
  );
}

describe('rejections', () => {
  describe('$between', () =>
    rejects([
      [{ score: { $between: [0.3, 0.5, 0.8] } }, 'filters.score.$between', 'between_bounds', /\$between needs exactly two bounds \[min, max\]; got 3/],
      [{ score: { $between: 1 } }, 'filters.score.$between', 'between_bounds', /exactly two bounds/],
      [{ score: { $between: [0.8, 0.3] } }, 'filters.score.$between', 'between_range', /min ≤ max.*Write \[0.3, 0.8\]/],
      [{ score: { $between: [1, 'a'] } }, 'filters.score.$between', 'mixed_modes', /same kind/],
      [{ score: { $between: [null, 1] } }, 'filters.score.$between[0]', 'null_not_allowed', /null/],
      [{ d: { $between: ['2026-02-01', '2026-01-01'] } }, 'filters.d.$between', 'between_range', /greater than/],
    ]));
  describe('$in and lists', () =>
    rejects([
      [{ x: { $in: [] } }, 'filters.x.$in', 'empty_list', /at least one value/],
      [{ x: { $in: 'a' } }, 'filters.x.$in', 'bad_value', /non-empty list/],
      [{ x: { $in: [1, null] } }, 'filters.x.$in[1]', 'null_not_allowed', /cannot be null/],
      [{ x: { $in: [[1]] } }, 'filters.x.$in[0]', 'bad_value', /string, number or boolean/],
      [{ x: { $all: [{}] } }, 'filters.x.$all[0]', 'bad_value', /string, number or boolean/],
      [{ x: [] }, 'filters.x', 'empty_list', /at least one value/],
      [{ x: ['a', null] }, 'filters.x[1]', 'null_not_allowed', /cannot be null/],
      [{ x: [{ a: 1 }] }, 'filters.x[0]', 'bad_value', /string, number or boolean/],
    ]));
  describe('comparisons', () =>
    rejects([
      [{ x: { $gt: null } }, 'filters.x.$gt', 'null_not_allowed', /no comparison with null/],
      [{ x: { $gt: true } }, 'filters.x.$gt', 'bad_value', /number or a string/],
      [{ x: { $lte: [1] } }, 'filters.x.$lte', 'bad_value', /number or a string/],
      [{ x: { $lt: '' } }, 'filters.x.$lt', 'bad_value', /non-empty string/],
      [{ x: { $gt: Infinity } }, 'filters.x.$gt', 'not_finite', /finite/],
      [{ x: { $gte: NaN } }, 'filters.x.$gte', 'not_finite', /finite/],
      [{ x: { $gt: '1e400' } }, 'filters.x.$gt', 'not_finite', /finite/],
      [{ x: { $gt: 1, $lt: 'b' } }, 'filters.x.$lt', 'mixed_modes', /all be numeric or all be text/],
      [{ x: { $gt: 1, gt: 2 } }, 'filters.x.gt', 'duplicate_operator', /given twice/],
    ]));
  describe('$contains $exists $eq', () =>
    rejects([
      [{ x: { $contains: null } }, 'filters.x.$contains', 'null_not_allowed', /null/],
      [{ x: { $contains: '' } }, 'filters.x.$contains', 'bad_value', /non-empty/],
      [{ x: { $contains: ['a'] } }, 'filters.x.$contains', 'bad_value', /string, number or boolean/],
      [{ x: { $exists: 'yes' } }, 'filters.x.$exists', 'bad_value', /true or false/],
      [{ x: { $exists: null } }, 'filters.x.$exists', 'bad_value', /true or false/],
      [{ x: { $eq: null } }, 'filters.x.$eq', 'null_not_allowed', /only allowed as a plain value/],
      [{ x: { $eq: [1, 2] } }, 'filters.x.$eq', 'bad_value', /\$in/],
      [{ x: NaN }, 'filters.x', 'not_finite', /finite/],
      [{ x: -Infinity }, 'filters.x', 'not_finite', /finite/],
    ]));
  describe('structure', () =>
    rejects([
      [{ x: { $ne: 1 } }, 'filters.x.$ne', 'unknown_operator', /Valid operators: \$eq, \$all, \$in, \$nin, \$gt, \$gte, \$lt, \$lte, \$between, \$contains, \$exists\. For "not equal" write \{"x": \{"\$nin": \[value\]\}\}/],
      [{ x: { $gtee: 1 } }, 'filters.x.$gtee', 'unknown_operator', /Did you mean \$gte\?/],
      [{ x: { $gt: 1, version: 2 } }, 'filters.x.version', 'unknown_operator', /nested field write "x.version"/],
      [{ x: {} }, 'filters.x', 'empty_condition', /is empty/],
      [{ schema: { version: '2' } }, 'filters.schema', 'nested_map', /\{"schema.version":"2"\}/],
      [{ schema: { version: { $gt: 1 } } }, 'filters.schema', 'nested_map', /\{"schema.version":\{"\$gt":1\}\}/],
      [{ x: { in: 'a' } }, 'filters.x.in', 'bad_value', /nested field, write \{"x.in"/],
      [[1], 'filters', 'not_object', /JSON object/],
      [42, 'filters', 'not_object', /JSON object/],
      ['{"status": "active"', 'filters', 'json_syntax', /not valid JSON/],
      ['"active"', 'filters', 'not_object', /JSON object/],
    ]));
  describe('keys', () =>
    rejects([
      [{ 'bad/key': 1 }, 'filters.bad/key', 'bad_key', /contains "\/"/],
      [{ ' bad': 1 }, 'filters. bad', 'bad_key', /ends a name with a space/],
      [{ 'a..b': 1 }, 'filters.a..b', 'bad_key', /two dots/],
      [{ '.a': 1 }, 'filters..a', 'bad_key', /starts or ends with a dot/],
      [{ 'a.': 1 }, 'filters.a.', 'bad_key', /starts or ends with a dot/],
      [{ '': 1 }, 'filters.""', 'bad_key', /empty/],
      [{ $or: [{ a: 1 }] }, 'filters.$or', 'bad_key', /always combined with AND/],
      [{ $gt: 1 }, 'filters.$gt', 'bad_key', /is an operator/],
      [{ a$b: 1 }, 'filters.a$b', 'bad_key', /contains "\$"/],
      [{ 'a/b': 1 }, 'filters.a/b', 'bad_key', /contains "\/"/],
    ]));
  describe('sizes SQLite can run', () =>
    rejects([
      [{ x: { $in: Array.from({ length: 257 }, (_, i) => i) } }, 'filters.x.$in', 'too_large', /holds 257 values; a filter holds at most 256/],
      [{ x: { $all: Array.from({ length: 300 }, (_, i) => `v${i}`) } }, 'filters.x.$all', 'too_large', /at most 256/],
      [{ x: Array.from({ length: 257 }, (_, i) => `v${i}`) }, 'filters.x', 'too_large', /at most 256/],
      [{ a: { $in: Array.from({ length: 200 }, (_, i) => i) }, b: Array.from({ length: 57 }, (_, i) => i) }, 'filters.b', 'too_large', /more than 256 values in all/],
      [Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`k${i}`, i])), 'filters.k256', 'too_large', /more than 256 values in all/],
    ]));
  describe('numbers in JSON text', () =>
    rejects([
      ['{"x": 1e400}', 'filters.x', 'not_finite', /too large/],
      [`{"x": {"$gt": ${'9'.repeat(400)}}}`, 'filters.x.$gt', 'not_finite', /400 digits/],
      ['{"id": 12345678901234567891}', 'filters.id', 'lost_precision', /Write it as a string, "12345678901234567891"/],
      ['{"a": [1, {"b": 2}], "x": {"$in": [1, 2, 9007199254740993]}}', 'filters.x.$in[2]', 'lost_precision', /more digits/],
    ]));
});

describe('accepted forms', () => {
  it.each([
    [{ '状態': '完了' }],
    [{ 'ms.search.validFrom': { $gte: '2020-01-01' } }],
    [{ 'date_created-2': 1 }],
    ['{"score": {"$between": [0.3, 0.8]}}'],
    ['{"id": 9007199254740992}'], // 2^53 is exact
    ['  '],
    [{}],
  ])('%j', (f) => {
    expect(() => compileFilter(f)).not.toThrow();
  });

  it('an empty filter is no condition', () => {
    expect(compileFilter({})).toBeNull();
    expect(compileFilter(null)).toBeNull();
    expect(compileFilter('')).toBeNull();
  });
});
