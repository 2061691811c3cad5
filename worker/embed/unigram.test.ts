// The fast Unigram Viterbi gives transformers.js' own pieces, and once put in
// the real bundled tokenizer its token ids, padding and truncation are those
// the tokenizer gave before (public/models/use-lite-onnx's tokenizer.json).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_MODELS_DIR } from './node-embedder';
import { fastUnigram, MAX_FAST_VOCAB, speedUpUnigram } from './unigram';

const DIR = join(BUNDLED_MODELS_DIR, 'use-lite-onnx');
const hasTokenizer = existsSync(join(DIR, 'tokenizer.json'));

type Tokenizer = {
  _tokenizer: { model: { tokenize(t: string): string[]; vocab: string[]; scores: number[]; unk_token_id: number; unk_score: number }; normalizer: (t: string) => string };
  (texts: string[], o: object): { input_ids: { tolist(): bigint[][] }; attention_mask: { tolist(): bigint[][] } };
  encode(t: string): number[];
};
const tokenizer = async (): Promise<Tokenizer> => {
  const lib = await import('@huggingface/transformers');
  return (await lib.AutoTokenizer.from_pretrained(DIR)) as unknown as Tokenizer;
};

/** Real prose of many kinds: the repository's own docs, paragraph by paragraph (tables, code, Japanese, symbols). */
const docsParagraphs = (): string[] => {
  const root = join(BUNDLED_MODELS_DIR, '..', '..');
  const files = [...readdirSync(join(root, 'docs')).map((f) => join(root, 'docs', f)), join(root, 'README.md'), join(root, 'README.ja.md')];
  return files.filter((f) => f.endsWith('.md')).flatMap((f) => readFileSync(f, 'utf8').split(/\n\s*\n/)).filter((p) => p.trim());
};

const EDGES = [
  '',
  'a',
  ' ',
  '\u2581',
  '\u2581\u2581\u2581word\u2581\u2581',
  '\uFFFD and \uFFFD\uFFFD', // the unknown piece itself is in the vocabulary
  'Emoji 😀😀 and a lone surrogate \uD83D here',
  '東京の天気は晴れ。 ЖЖЖ ΩΩ ﬁ ①②',
  'x'.repeat(700),
  'zzzqqqxxj kjhgf wvwvwv 0000000 1234567890 ____ ~~~~',
];

describe.skipIf(!hasTokenizer)('fastUnigram (needs public/models/use-lite-onnx)', () => {
  it('gives the pieces transformers.js gives, for every paragraph of the docs and awkward text', async () => {
    const tok = await tokenizer();
    const { model, normalizer } = tok._tokenizer;
    const fast = fastUnigram(model);
    const texts = [...EDGES, ...docsParagraphs()];
    expect(texts.length).toBeGreaterThan(500);
    let pieces = 0;
    for (const t of texts) {
      // What the model's tokenize receives: the normalised text with spaces as ▁ (Metaspace, no split).
      const input = normalizer(t).replaceAll(' ', '\u2581');
      const own = model.tokenize(input);
      expect(fast(input), t.slice(0, 80)).toEqual(own);
      pieces += own.length;
    }
    expect(pieces).toBeGreaterThan(50_000);
  }, 120_000);

  it('once put in the tokenizer, leaves its ids, padding and truncation as they were', async () => {
    const tok = await tokenizer();
    const texts = [...EDGES, ...docsParagraphs().slice(0, 300)];
    const batch = (t: string[]) => {
      const out = tok(t, { padding: true, truncation: true });
      return { ids: out.input_ids.tolist(), mask: out.attention_mask.tolist() };
    };
    const before = { batch: batch(texts), one: texts.map((t) => tok.encode(t)) };
    expect(speedUpUnigram(tok)).toBe(true);
    expect(tok._tokenizer.model.tokenize('An anemometer')).toEqual(fastUnigram(tok._tokenizer.model)('An anemometer'));
    expect(batch(texts)).toEqual(before.batch);
    expect(texts.map((t) => tok.encode(t))).toEqual(before.one);
    expect(before.batch.ids[0].length).toBe(128); // the long texts were cut at the model's 128 tokens
  }, 120_000);

  it('leaves a tokenizer that is not Unigram, or has a very large vocabulary, alone', async () => {
    expect(speedUpUnigram({ _tokenizer: { model: { config: { type: 'WordPiece' }, tokenize: () => [] } } })).toBe(false);
    expect(speedUpUnigram(undefined)).toBe(false);
    const tok = await tokenizer();
    const { model } = tok._tokenizer;
    const own = model.tokenize;
    const vocab = model.vocab.slice();
    for (let i = 0; vocab.length <= MAX_FAST_VOCAB; i++) vocab.push(`\u2581extra${i}`);
    model.vocab = vocab;
    expect(speedUpUnigram(tok)).toBe(false);
    expect(model.tokenize).toBe(own);
  });
});
