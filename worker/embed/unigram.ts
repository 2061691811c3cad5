// A faster Viterbi for transformers.js' Unigram (SentencePiece) tokenizer
// model, with the same pieces. USE-lite's tokenizer does not split words
// (Metaspace, split false), so each passage is one lattice of a few hundred
// characters; transformers.js builds it from node objects it clones at every
// step and a generator per position, and tokenising took about a sixth of an
// embed() call's CPU in Node (docs/benchmarks.md, "Node ≥ 400"). Here the
// lattice is flat arrays over a trie of code points, built once per model.
//
// Same result, tie for tie: the best path into a position is the first
// node, in transformers.js' insertion order (earlier start first), whose
// score sum is strictly the largest, summed in the same order.

/** The parts of transformers.js' Unigram model this reads (private to it, so checked before use). */
interface UnigramModel {
  config?: { type?: string };
  vocab: string[];
  scores: number[];
  unk_token_id: number;
  unk_score: number;
  tokenize(normalized: string): string[];
}

interface TrieNode {
  next: Map<number, TrieNode>;
  /** The token ending here, or -1. */
  id: number;
}

/** Scratch space of at least n entries, its contents kept: grown as needed and reused between calls (a tokenizer runs one call at a time). */
const grown = <T extends Int32Array | Float64Array>(a: T, n: number): T => {
  if (a.length >= n) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2));
  b.set(a);
  return b;
};

/** The tokenize(normalized) of a Unigram model, from its vocabulary and scores (unknown pieces scored as the model scores them). */
export function fastUnigram(model: Pick<UnigramModel, 'vocab' | 'scores' | 'unk_token_id' | 'unk_score'>): (normalized: string) => string[] {
  const root: TrieNode = { next: new Map(), id: -1 };
  model.vocab.forEach((piece, id) => {
    let node = root;
    for (const ch of piece) {
      const code = ch.codePointAt(0)!;
      let child = node.next.get(code);
      if (!child) node.next.set(code, (child = { next: new Map(), id: -1 }));
      node = child;
    }
    node.id = id;
  });
  const { scores, unk_score: unkScore } = model;
  // By position (0..characters): code unit offset, and the first and last lattice node ending there.
  let unit = new Int32Array(256);
  let code = new Int32Array(256);
  let head = new Int32Array(256);
  let tail = new Int32Array(256);
  // By lattice node: start position, end position, best path score into its end, the node before it, the next node ending where it ends.
  let from = new Int32Array(1024);
  let to = new Int32Array(1024);
  let back = new Float64Array(1024);
  let prev = new Int32Array(1024);
  let sibling = new Int32Array(1024);

  return (normalized) => {
    let len = 0;
    unit = grown(unit, normalized.length + 1);
    code = grown(code, normalized.length + 1);
    for (let u = 0; u < normalized.length; len++) {
      const c = normalized.codePointAt(u)!;
      unit[len] = u;
      code[len] = c;
      u += c > 0xffff ? 2 : 1;
    }
    unit[len] = normalized.length;
    head = grown(head, len + 1);
    tail = grown(tail, len + 1);
    head.fill(-1, 0, len + 1);
    let size = 0;
    const add = (start: number, end: number, score: number): void => {
      if (size === from.length) {
        const n = size * 2;
        [from, to, back, prev, sibling] = [grown(from, n), grown(to, n), grown(back, n), grown(prev, n), grown(sibling, n)];
      }
      // The best way into `start`: the first node ending there (earliest start first) with strictly the largest sum.
      let best = -1;
      let bestScore = 0;
      for (let l = head[start]; l >= 0; l = sibling[l]) {
        const s = back[l] + score;
        if (best < 0 || s > bestScore) {
          best = l;
          bestScore = s;
        }
      }
      from[size] = start;
      to[size] = end;
      back[size] = bestScore;
      prev[size] = best;
      sibling[size] = -1;
      if (head[end] < 0) head[end] = size;
      else sibling[tail[end]] = size;
      tail[end] = size;
      size++;
    };
    // The start: a node of no characters ending at 0, with no node before it.
    from[0] = to[0] = 0;
    back[0] = 0;
    prev[0] = -1;
    sibling[0] = -1;
    head[0] = tail[0] = 0;
    size = 1;
    for (let pos = 0; pos < len; pos++) {
      let node: TrieNode | undefined = root;
      let single = false;
      for (let i = pos; i < len; i++) {
        node = node.next.get(code[i]);
        if (!node) break;
        if (node.id < 0) continue;
        add(pos, i + 1, scores[node.id]);
        if (i === pos) single = true;
      }
      if (!single) add(pos, pos + 1, unkScore);
    }
    add(len, len, 0);
    const end = size - 1;
    const pieces: string[] = [];
    for (let n = prev[end]; n > 0; n = prev[n]) pieces.push(normalized.slice(unit[from[n]], unit[to[n]]));
    return pieces.reverse();
  };
}

/**
 * Vocabularies larger than this keep transformers.js' own path: its trie
 * already holds them, and a second one of a 250k-piece vocabulary (the E5
 * models' XLM-R SentencePiece) would cost tens of MB in the embed worker.
 */
export const MAX_FAST_VOCAB = 64_000;

/** Texts on which the fast path must agree with the model's own before it replaces it. */
const CHECKS = ['An anemometer measures wind speed.', '\u2581Ünïcödé 東京 😀 x\u2581\u2581y', ''];

/**
 * Replaces the Unigram model's tokenize inside a transformers.js tokenizer
 * with fastUnigram, when the tokenizer has one and both agree on CHECKS.
 * Returns whether it did. Other tokenizers (WordPiece, BPE) and vocabularies
 * over MAX_FAST_VOCAB stay as they are.
 */
export function speedUpUnigram(tokenizer: unknown): boolean {
  const model = (tokenizer as { _tokenizer?: { model?: Partial<UnigramModel> } } | undefined)?._tokenizer?.model;
  if (!model || model.config?.type !== 'Unigram' || typeof model.tokenize !== 'function') return false;
  if (!Array.isArray(model.vocab) || !Array.isArray(model.scores) || typeof model.unk_token_id !== 'number' || typeof model.unk_score !== 'number') return false;
  if (model.vocab.length > MAX_FAST_VOCAB) return false;
  const fast = fastUnigram(model as UnigramModel);
  const own = model.tokenize.bind(model);
  const same = (t: string) => {
    const [a, b] = [own(t), fast(t)];
    return a.length === b.length && a.every((p, i) => p === b[i]);
  };
  if (!CHECKS.every(same)) return false;
  model.tokenize = fast;
  return true;
}
