import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkNote, cleanInline, estimateTokens } from './chunk';
import { BUILTIN_MODELS } from './models';
import { BUNDLED_MODELS_DIR } from './node-embedder';
import { readableShare } from './script';

const USE = BUILTIN_MODELS[0];

describe('chunking', () => {
  it('splits by headings, carries the title and heading path, skips empty text', () => {
    const body = [
      '# Climate',
      '',
      'The coast is mild.',
      '',
      '## Winds',
      '',
      '',
      '```',
      'code is left to text search',
      '```',
      '## Rain',
      '',
      'It rains in spring. ' + 'Long sentence about rainfall and its seasonal patterns across the region. '.repeat(12),
    ].join('\n');
    const chunks = chunkNote('Madagascar', body, USE);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.input.startsWith('Madagascar')).toBe(true);
      expect(c.text.trim()).not.toBe('');
      expect(c.text).not.toContain('code is left');
    }
    expect(chunks[0].heading).toBe('Climate');
    expect(chunks.at(-1)!.heading).toBe('Climate › Rain');
    expect(chunks.at(-1)!.input).toContain('Madagascar — Climate › Rain\n');
    // "Winds" has no text: it produces no chunk of its own.
    expect(chunks.every((c) => c.text !== 'Winds')).toBe(true);
  });

  it('a top heading equal to the title is not repeated as a heading', () => {
    const [c] = chunkNote('Gutter', '# Gutter\n\nA channel that carries rain water off a roof.', USE);
    expect(c.heading).toBeNull();
    expect(c.input).toBe('Gutter\nA channel that carries rain water off a roof.');
  });

  it('short sections join the chunk before them under their heading line', () => {
    const chunks = chunkNote('Gutter', '# Gutter\n\nA channel for rain water.\n\n## See also\n\n- [[Lira]]\n- <https://example.org/x>\n', USE);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].text).toBe('A channel for rain water.\nSee also\nLira');
  });

  it('cleans Markdown: links keep their text, URLs and images go', () => {
    expect(cleanInline('See [[Target Note|the target]] and [docs](https://x.y/z), ![img](a.png) <b>bold</b> **strong** #tag https://e.com/x')).toBe(
      'See the target and docs, bold strong tag',
    );
    expect(cleanInline('- [ ] a task')).toBe('a task');
    expect(cleanInline('| a | b |')).toBe('a | b');
  });

  it('drops a callout\'s [!type] marker, as Obsidian shows its title, not the marker', () => {
    expect(cleanInline('> [!warning] Note about lucide icon versions')).toBe('Note about lucide icon versions');
    expect(cleanInline('>[!faq]- Can I fold it?')).toBe('Can I fold it?');
    expect(cleanInline('> > [!tip]+ Nested')).toBe('Nested');
    // Not a quote: the text as written.
    expect(cleanInline('The syntax is [!note] inside a quote.')).toBe('The syntax is [!note] inside a quote.');
  });

  it('a note with only a title still gets one chunk (its title); an empty title and body get none', () => {
    expect(chunkNote('Anemometer', '', USE).map((c) => c.input)).toEqual(['Anemometer']);
    expect(chunkNote('', '   \n\n', USE)).toEqual([]);
  });

  it('unchanged text gives the same hash; other text, title or heading another', () => {
    const a = chunkNote('T', 'Same words here.', USE)[0];
    expect(chunkNote('T', 'Same words here.', USE)[0].hash).toBe(a.hash);
    expect(chunkNote('T', 'Other words here.', USE)[0].hash).not.toBe(a.hash);
    expect(chunkNote('U', 'Same words here.', USE)[0].hash).not.toBe(a.hash);
  });

  it('Japanese text is marked unreadable for an English-only model, readable for a multilingual one', () => {
    const ja = chunkNote('設計メモ', '検索エンジンの設計について書きます。猫も好きです。', USE)[0];
    expect(ja.readable).toBe(false);
    const e5 = BUILTIN_MODELS.find((m) => m.scripts === 'all')!;
    expect(chunkNote('設計メモ', '検索エンジンの設計について書きます。', e5)[0].readable).toBe(true);
    expect(readableShare('Dynamics 365 の設定と検索', ['latin'])).toBeLessThan(0.7);
    expect(chunkNote('Notes', 'English prose with one word 猫 in it.', USE)[0].readable).toBe(true);
  });

  it('over-long paragraphs are cut at sentence ends, run-on text between words', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog near the river bank. ';
    const chunks = chunkNote('Fox', sentence.repeat(60), USE);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks.slice(0, -1)) expect(c.text.endsWith('.')).toBe(true);
    const runOn = chunkNote('Fox', 'word '.repeat(2000), USE);
    expect(runOn.length).toBeGreaterThan(5);
    for (const c of runOn) expect(estimateTokens(c.input, USE.charsPerToken)).toBeLessThanOrEqual(USE.chunkTokens);
  });

  it('chunks fit the model window (128 tokens) by the real USE tokenizer', async () => {
    const { AutoTokenizer, env } = await import('@huggingface/transformers');
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = BUNDLED_MODELS_DIR;
    const tok = await AutoTokenizer.from_pretrained('use-lite-onnx');
    // Real prose with headings, lists and long paragraphs: this project's README.
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const prose = Array.from({ length: 8 }, (_, i) =>
      `## Part ${i}\n\n` + 'Kioku finds Markdown notes by text, by meaning and by their frontmatter, offline, in the browser. '.repeat(5 + i) + '\n\n- a list item\n- another one\n',
    ).join('\n');
    const chunks = [...chunkNote('README', readme, USE), ...chunkNote('Long prose', prose, USE)];
    const sizes = chunks.map((c) => (tok(c.input, { add_special_tokens: false }).input_ids as { dims: number[] }).dims[1]);
    const over = sizes.filter((n) => n > USE.maxTokens).length;
    // The estimate is calibrated to keep at least 95% of chunks inside the window.
    expect(over / sizes.length).toBeLessThanOrEqual(0.05);
    // ...without wasting it: the typical chunk uses most of the window.
    const sorted = [...sizes].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.75)]).toBeGreaterThan(60);
  });
});
