// The search tool over a real engine and real SQLite (FTS5): syntax,
// ranking, scope, fetch mode, paging and the result shape.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { memorySource } from '../ingest/source';
import { engineWith, makeEngine } from '../test/make-engine';
import { hitPaths, note, search, searchError } from '../test/search-kit';

const paths = hitPaths;

describe('search: query syntax', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith({
      'a.md': note('Token refresh', 'How the token refresh flow works in OAuth.'),
      'b.md': note('Refresh rates', 'The screen refresh rate and the token bucket.'),
      'c.md': note('Drafts', 'A draft about token handling. draft draft'),
      'd.md': note('Authentication', 'Authentication and authorization overview.'),
      'e.md': note('SAML', 'Single sign-on with SAML assertions.'),
    });
  });

  it('requires a quoted phrase, in order and adjacent', async () => {
    expect(paths(await search(engine, { query: '"token refresh"' }))).toEqual(['a.md']);
    expect(paths(await search(engine, { query: '"refresh token"' }))).toEqual([]);
  });

  it('excludes -words and -"phrases"', async () => {
    const r = await search(engine, { query: 'token -draft' });
    expect(paths(r).sort()).toEqual(['a.md', 'b.md']);
    expect(paths(await search(engine, { query: 'token -"refresh flow"' })).sort()).toEqual(['b.md', 'c.md']);
  });

  it('matches prefix* on word starts', async () => {
    expect(paths(await search(engine, { query: 'auth*' }))).toEqual(['d.md']);
  });

  it('takes either side of OR', async () => {
    expect(paths(await search(engine, { query: 'saml OR authorization' })).sort()).toEqual(['d.md', 'e.md']);
  });

  it('lists every note in scope for an empty query and only -excluded words', async () => {
    expect((await search(engine, { query: '' })).total).toBe(5);
    expect((await search(engine, {})).total).toBe(5);
    expect(paths(await search(engine, { query: '-token' })).sort()).toEqual(['d.md', 'e.md']);
  });

  it('never lets input reach FTS5 as syntax: none of these nasty queries errors', async () => {
    const nasty = [
      '"', '""', '"""', '"unbalanced', 'unbalanced"', 'a"b"c"', '*', '**', '*token', 'tok*en', '-', '--', '- -', '-*', '-"', '(', ')', '(token', 'token)', '()',
      ':', 'title:token', 'token:', '{title}: token', '^', '^token', 'token^2', 'NEAR', 'NEAR(token refresh)', 'NEAR(token refresh, 2)', 'token NEAR refresh',
      'AND', 'OR', 'NOT', 'token AND', 'OR token', 'NOT token', 'token NOT refresh', 'AND OR NOT', 'token OR OR refresh', '+token', 'token +refresh',
      '😀', '🔥 token 🔥', '👩‍💻', '\u0000', '\u0000token', 'tok\u0000en', '\u0007\u001b[31m', '\uFFFD', '\uD800', 'x\uDFFFy', '\u200B\u200D', '\t\n\r',
      "'; DROP TABLE entries; --", "token' OR '1'='1", '%', '_', '\\', '\\"', '[token]', '{token}', '<script>', '&amp;', '#', '#token', '@', '$', '~token',
      'token'.repeat(1000), Array.from({ length: 500 }, (_, i) => `w${i}`).join(' '), '"'.repeat(999), '-'.repeat(999), '*'.repeat(999), 'a'.repeat(100_000),
      'ＴＯＫＥＮ', 'ｔｏｋｅｎ*', '日本語"', '"日本語', '猫*', '-猫', '設計 OR', 'OR 設計', 'رمز', 'токен', 'ǅ', 'ﬁ',
    ];
    for (const query of nasty) {
      const r = (await engine.call('search', { query })) as { isError?: boolean };
      expect(r.isError, JSON.stringify(query).slice(0, 40)).toBeUndefined();
    }
  });

  it('treats FTS5 keywords as plain words', async () => {
    const e = await engineWith({ 'n.md': note('Near', 'The store is near the NOT gate.') });
    expect(paths(await search(e, { query: 'NEAR' }))).toEqual(['n.md']);
    expect(paths(await search(e, { query: 'NOT gate' }))).toEqual(['n.md']);
  });

  it('finds nothing for a query with nothing searchable in it', async () => {
    const r = await search(engine, { query: '😀 *** ^' });
    expect(r.total).toBe(0);
    expect(r.results).toEqual([]);
  });
});

describe('search: ranking', () => {
  it('puts a title match above a body mention', async () => {
    const e = await engineWith({
      'body.md': note('Weekly log', 'We talked about the anemometer and the anemometer again, anemometer.'),
      'title.md': note('Anemometer', 'An instrument for measuring wind.'),
    });
    expect(paths(await search(e, { query: 'anemometer' }))).toEqual(['title.md', 'body.md']);
  });

  it('puts a note titled as the query above an attachment named after it, which its full name still finds first', async () => {
    const e = await engineWith({
      'Anemometer.md': note('Anemometer', 'An instrument with spinning cups, measuring how fast the air moves.'),
      'attachments/anemometer-diagram.png': 'not really a PNG',
    });
    expect(paths(await search(e, { query: 'anemometer' }))).toEqual(['Anemometer.md', 'attachments/anemometer-diagram.png']);
    expect(paths(await search(e, { query: 'anemometer diagram' }))[0]).toBe('attachments/anemometer-diagram.png');
  });

  it('puts notes with every word first for a keyword query, and says nothing was loosened', async () => {
    const e = await engineWith({
      'one.md': note('Auth', 'auth auth auth auth auth auth auth auth auth.'),
      'both.md': note('Review', 'A long note that mentions design once and auth once, among many other words of a review.'),
      'other.md': note('Design', 'design design design design design.'),
    });
    const r = await search(e, { query: 'auth design' });
    expect(r.results[0].path).toBe('both.md');
    expect(r.results[0].score).toBeGreaterThanOrEqual(1);
    expect(r.results[1].score).toBeLessThan(1);
    expect(r.relaxed).toBeUndefined(); // one note has both words: nothing was loosened
    expect(r.total).toBe(3);
  });

  it('still returns the notes matching the rest when a word appears nowhere, marked relaxed', async () => {
    const e = await engineWith({
      'lead.md': note('Anglesite', 'Anglesite is a mineral composed of lead sulphate.'),
      'other.md': note('Granite', 'A rock.'),
    });
    const r = await search(e, { query: 'what mineral is composed of lead sulphate zzyzx' });
    expect(paths(r)).toEqual(['lead.md']);
    expect(r.relaxed).toBe(true);
  });

  it('still returns the notes matching a common word when the other word appears nowhere', async () => {
    // "war" is in every note; "zzyzx" is in none: it is not a rarer word that selects.
    const e = await engineWith(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`n${i}.md`, note(`N${i}`, `after the war ${i}`)])));
    const r = await search(e, { query: 'zzyzx war', page_size: 3 });
    expect(r.total).toBe(10);
    expect(r.relaxed).toBe(true);
    // Stop words alone are searched; beside a word found nowhere they answer nothing (issue 16: nothing for nothing).
    expect((await search(e, { query: 'NOT after' })).total).toBe(10);
    expect((await search(e, { query: 'after OR' })).total).toBe(10);
    expect((await search(e, { query: 'zzyzx after' })).total).toBe(0);
    expect((await search(e, { query: 'the zzyzx' })).total).toBe(0);
  });

  it('ranks notes holding a quoted phrase and the other word first, and marks relaxed when none does', async () => {
    const e = await engineWith({
      'phrase-only.md': note('Token refresh', 'token refresh token refresh token refresh, how the token refresh works.'),
      'both.md': note('Notes', 'A long review where the token refresh is mentioned once beside the word rotation, among many other words.'),
      'none.md': note('Other', 'rotation of crops.'),
    });
    const r = await search(e, { query: '"token refresh" rotation' });
    expect(paths(r)).toEqual(['both.md', 'phrase-only.md']);
    expect(r.results[0].score).toBeGreaterThanOrEqual(1);
    expect(r.results[1].score).toBeLessThan(1);
    expect(r.relaxed).toBeUndefined();
    const loosened = await search(e, { query: '"token refresh" zzyzx' });
    expect(paths(loosened).sort()).toEqual(['both.md', 'phrase-only.md']);
    expect(loosened.relaxed).toBe(true);
  });

  it('still returns the notes matching a common word when the rarer word appears nowhere in scope', async () => {
    const files: Record<string, string> = { 'b/fremont.md': note('Fremont', 'fremont after the war') };
    for (let i = 0; i < 9; i++) files[`a/n${i}.md`] = note(`N${i}`, `after the war ${i}`);
    const e = await engineWith(files);
    for (const scope of [{ path_prefix: 'a/' }, { folder: 'a' }, { filters: { title: { $in: Array.from({ length: 9 }, (_, i) => `N${i}`) } } }]) {
      const r = await search(e, { query: 'fremont war', ...scope });
      expect(r.total, JSON.stringify(scope)).toBe(9);
      expect(r.relaxed).toBe(true);
      // A stop word beside the word found nowhere in scope: nothing answers.
      expect((await search(e, { query: 'fremont after', ...scope })).total, JSON.stringify(scope)).toBe(0);
    }
    expect(paths(await search(e, { query: 'fremont after -war' }))).toEqual([]);
  });

  it('matches English inflections (porter stemming) and marks them', async () => {
    const e = await engineWith({ 'm.md': note('Models', 'Modelling heated aircraft: the model was tested.') });
    const r = await search(e, { query: 'models' });
    expect(paths(r)).toEqual(['m.md']);
    expect(r.results[0].snippet).toBe('[Modelling] heated aircraft: the [model] was tested.');
  });

  it('gives decreasing scores down the list', async () => {
    const e = await engineWith(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`n${i}.md`, note(`N${i}`, `alpha ${'beta '.repeat(i)} ${i % 3 ? 'gamma' : ''}`)])));
    const r = await search(e, { query: 'alpha gamma', page_size: 12 });
    const scores = r.results.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe('search: Japanese and other CJK text', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith({
      'engine.md': note('メモ', '検索エンジンの設計についての覚え書き。'),
      'cat.md': note('日記', '今日は黒い猫が庭に来た。'),
      'kata.md': note('手順', '新しいワークフローを作成してから承認します。'),
      'mixed.md': note('認証', 'OAuth認証の設定とSAMLの比較。'),
      'plan.md': note('概要', 'マスター プランの概要と実行。'),
      'width.md': note('幅', 'ｶﾀｶﾅで書かれた半角の説明とＦｕｌｌｗｉｄｔｈ英字。'),
      'en.md': note('English', 'Nothing Japanese here.'),
      'plugin.md': note('拡張', 'コアプラグインを有効にします。'),
      'pieces.md': note('部品', 'プラグの形とインクの色。'),
      'embed.md': note('添付', 'ノートに埋め込みたい画像は、埋め込む前に保存します。'),
      'font.md': note('表示', '設定を変更すると再起動する必要があります。ほかの項目もあります。フォントサイズはピクセル単位です。'),
    });
  });

  const found = async (query: string) => paths(await search(engine, { query }));

  it('finds two-character words in the middle of sentences', async () => {
    expect(await found('設計')).toEqual(['engine.md']);
    expect(await found('検索')).toEqual(['engine.md']);
  });

  it('finds one-character words', async () => {
    expect(await found('猫')).toEqual(['cat.md']);
    expect(await found('庭')).toEqual(['cat.md']);
  });

  it('finds katakana words inside sentences', async () => {
    expect(await found('ワークフロー')).toEqual(['kata.md']);
    expect(await found('エンジン')).toEqual(['engine.md']);
  });

  it('finds mixed Japanese and English', async () => {
    expect(await found('OAuth認証')).toEqual(['mixed.md']);
    expect(await found('oauth')).toEqual(['mixed.md']);
    expect(await found('SAML比較')).toEqual(['mixed.md']);
  });

  it('finds a katakana compound typed without the space the note has', async () => {
    expect(await found('マスタープラン')).toEqual(['plan.md']);
    expect(await found('マスター プラン')).toEqual(['plan.md']);
  });

  it('normalises width and case (half-width katakana, full-width Latin)', async () => {
    expect(await found('カタカナ')).toEqual(['width.md']);
    expect(await found('fullwidth')).toEqual(['width.md']);
    expect(await found('ＦＵＬＬＷＩＤＴＨ')).toEqual(['width.md']);
  });

  it('reads half-width katakana with voiced marks as the full-width word, in every mode the text side runs', async () => {
    // ﾌﾟ is two characters (ﾌ + ﾟ) until NFKC joins them: split before that, the query
    // became プラグ and イン and matched a note holding both apart.
    expect(await found('プラグイン')).toEqual(['plugin.md']);
    expect(await found('ﾌﾟﾗｸﾞｲﾝ')).toEqual(['plugin.md']);
    const r = await search(engine, { query: 'ﾌﾟﾗｸﾞｲﾝ', snippet_markers: ['<b>', '</b>'] });
    expect(r.results[0].snippet).toContain('<b>プラグイン</b>');
  });

  it('splits a query typed without spaces into words', async () => {
    // 検索 and 設計 are not adjacent in the note: the run is not required as a phrase.
    expect(await found('検索設計')).toEqual(['engine.md']);
  });

  it('marks Japanese matches in the snippet', async () => {
    const r = await search(engine, { query: '設計', snippet_markers: ['<b>', '</b>'] });
    expect(r.results[0].snippet).toBe('検索エンジンの<b>設計</b>についての覚え書き。');
    const k = await search(engine, { query: 'マスタープラン' });
    expect(k.results[0].snippet).toBe('[マスター プラン]の概要と実行。');
  });

  it('marks a Japanese word the segmenter cuts into pieces as one match where the note has it whole', async () => {
    // ICU cuts 埋め込み into 埋|め|込み: the snippet marked the pieces, "[埋]め[込み]", as if the note held
    // two unrelated words. It is one word, searched by its stem 埋め込 (so 埋め込む is found too), and
    // marked whole where the note has it as typed.
    const r = await search(engine, { query: '埋め込み', snippet_markers: ['<b>', '</b>'] });
    expect(r.results.map((h) => h.path)).toEqual(['embed.md']);
    expect(r.results[0].snippet).toBe('ノートに<b>埋め込み</b>たい画像は、<b>埋め込</b>む前に保存します。');
  });

  it('does not mark Japanese function words (する) unless the query has nothing else', async () => {
    // "フォントサイズを変更する": する scores as a soft word, but marking it lit up every verb of the note
    // (every mode's hits are marked by the same step of the search tool).
    const r = await search(engine, { query: 'フォントサイズを変更する', snippet_markers: ['<b>', '</b>'] });
    expect(r.results[0].path).toBe('font.md');
    expect(r.results[0].snippet).toContain('<b>変更</b>');
    expect(r.results[0].snippet).toContain('<b>フォントサイズ</b>');
    expect(r.results[0].snippet).not.toContain('<b>する</b>');
    const alone = await search(engine, { query: 'する', snippet_markers: ['<b>', '</b>'] });
    expect(alone.results.find((h) => h.path === 'font.md')?.snippet).toContain('<b>する</b>');
  });
});

describe('search: scope', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith({
      'specs/a.md': note('A', 'shared word'),
      'specs/deep/b.md': note('B', 'shared word'),
      'specs-archive/c.md': note('C', 'shared word'),
      'specs.md': note('D', 'shared word'),
      'notes/e.md': note('E', 'shared word'),
      'root.md': note('F', 'shared word'),
      'specs/diagram-shared.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]) as unknown as string,
    });
    await engine.importSource(memorySource('other', { 'specs/x.md': note('X', 'shared word') }));
  });

  it('path_prefix selects the subtree and never a sibling that shares the name', async () => {
    const r = await search(engine, { query: 'shared', path_prefix: 'specs/', vault: 'test' });
    expect(paths(r).sort()).toEqual(['specs/a.md', 'specs/deep/b.md', 'specs/diagram-shared.png']);
  });

  it('path_prefix applies to list mode and across vaults', async () => {
    const r = await search(engine, { path_prefix: 'specs/' });
    expect(r.results.map((h) => h.id).sort()).toEqual(['other:specs/x.md', 'test:specs/a.md', 'test:specs/deep/b.md', 'test:specs/diagram-shared.png']);
  });

  it('path_prefix errors name the rule and the argument', async () => {
    for (const [bad, rule] of [['specs', /end with '\/'/], ['/specs/', /relative/], ['a//b/', /empty segments/], ['../x/', /'\.\.'/], ['a\\b/', /backslashes/], ['', /empty/]] as const) {
      const err = await searchError(engine, { query: 'shared', path_prefix: bad });
      expect(err.code).toBe('invalid_argument');
      expect(err.path).toBe('path_prefix');
      expect(err.message).toMatch(rule);
    }
  });

  it('folder selects direct children only', async () => {
    expect(paths(await search(engine, { query: 'shared', folder: 'specs', vault: 'test' })).sort()).toEqual(['specs/a.md', 'specs/diagram-shared.png']);
    expect(paths(await search(engine, { query: 'shared', folder: 'specs/', vault: 'test' })).sort()).toEqual(['specs/a.md', 'specs/diagram-shared.png']);
    expect(paths(await search(engine, { query: 'shared', folder: '', vault: 'test' })).sort()).toEqual(['root.md', 'specs.md']);
  });

  it('vault (alias project) restricts to one vault; an unknown vault is not_found', async () => {
    expect((await search(engine, { query: 'shared', vault: 'other' })).results.map((h) => h.id)).toEqual(['other:specs/x.md']);
    expect((await search(engine, { query: 'shared', project: 'other' })).results.map((h) => h.id)).toEqual(['other:specs/x.md']);
    expect((await searchError(engine, { query: 'shared', vault: 'nope' })).code).toBe('not_found');
  });

  it('finds files by name and path as hits of kind file', async () => {
    const r = await search(engine, { query: 'diagram' });
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({ kind: 'file', path: 'specs/diagram-shared.png', snippet: 'specs/diagram-shared.png', tags: [] });
  });

  it('10,000 notes with 3 under the prefix: the query returns those 3', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) files[`bulk/n${i}.md`] = `common words here ${i}\n`;
    for (let i = 0; i < 3; i++) files[`rare/p${i}.md`] = `common words here too\n`;
    const big = await makeEngine();
    await big.importSource(memorySource('big', files));
    const r = await search(big, { query: 'common words', path_prefix: 'rare/', page_size: 10 });
    expect(paths(r).sort()).toEqual(['rare/p0.md', 'rare/p1.md', 'rare/p2.md']);
    expect(r.total).toBe(3);
    expect(r.has_more).toBe(false);
  }, 120_000);
});
