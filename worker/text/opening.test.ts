// A note's opening as fts_lead holds it: the first sentence, asides left out.
import { describe, expect, it } from 'vitest';
import { FIXED_LEAD_SHAPE, LEAD_CHARS, LEAD_SHAPE, leadText, withoutAsides } from './opening';

describe('withoutAsides', () => {
  it('leaves out bracketed asides of more than one word, nested ones and footnote marks', () => {
    expect(withoutAsides('HISTOLOGY (Gr. [Greek: histos], web, tissue), the science of tissues')).toBe('HISTOLOGY, the science of tissues');
    expect(withoutAsides('GULF STREAM,[1] the name properly applied')).toBe('GULF STREAM, the name properly applied');
    expect(withoutAsides('a gum-resin (see GUM) used in medicine.')).toBe('a gum-resin used in medicine.');
  });

  it('keeps a one-word aside as a word: it names the thing', () => {
    expect(withoutAsides('販売時点管理 (POS) 工程を作成')).toBe('販売時点管理 POS 工程を作成');
    expect(withoutAsides('point of sale (POS), the till')).toBe('point of sale POS, the till');
  });

  it('turns Markdown and wiki links into their text', () => {
    expect(withoutAsides('See [the guide](../guide.md) and [[Notes/Bead|beads]] or [[Bead]].')).toBe('See the guide and beads or Bead.');
    expect(withoutAsides('[!include [banner](../includes/banner.md)] この記事では')).toBe('この記事では');
  });

  it('keeps an aside that never closes, and full-width brackets', () => {
    expect(withoutAsides('ASPENDUS (mod. Balkis Kale, an ancient city')).toBe('ASPENDUS (mod. Balkis Kale, an ancient city');
    expect(withoutAsides('請求書（電子申告）の承認')).toBe('請求書（電子申告）の承認');
  });
});

describe('the opening of a note', () => {
  it('is the first sentence once asides are out, even when the aside runs over several lines', () => {
    const body = [
      '# Histology',
      '',
      'HISTOLOGY (Gr. [Greek: histos], web, tissue, properly the web-beam of',
      'the loom, from [Greek: histanai], to make to stand), the science which',
      'deals with the structure of the tissues of plants and animals (see',
      'CYTOLOGY).',
      '',
      'HISTORY. The word "history" is used in two senses.',
    ].join('\n');
    expect(leadText(body)).toBe('HISTOLOGY, the science which deals with the structure of the tissues of plants and animals.');
    // Before: 150 characters as written, the definition cut off by the etymology.
    expect(leadText(body, FIXED_LEAD_SHAPE)).not.toContain('structure');
  });

  it('runs to the first sentence end from LEAD_SHAPE.sentenceFrom characters on, in Latin or CJK punctuation', () => {
    expect(leadText('BAR, a rod. A second sentence that goes on and on well past sixty characters. Third.')).toBe(
      'BAR, a rod. A second sentence that goes on and on well past sixty characters.',
    );
    const ja = 'この記事では、新しい販売時点管理工程を作成し、ボタン グリッド デザイナーを使用してレイアウトに追加する方法について説明します。次の文。';
    expect(leadText(ja)).toBe(ja.slice(0, ja.indexOf('。') + 1));
  });

  it('without a sentence end, is cut at a word near LEAD_CHARS; headings, fences and rules are skipped', () => {
    const long = leadText(`# T\n\n${'word '.repeat(200)}`);
    expect(long.length).toBeLessThanOrEqual(LEAD_CHARS);
    expect(long.endsWith('word')).toBe(true);
    expect(leadText('# Title\n\n```js\n\n---\n\nJAUNTING-CAR, a light carriage.\n\n## More\n\nSecond.')).toBe('JAUNTING-CAR, a light carriage. Second.');
    expect(leadText('')).toBe('');
    expect(LEAD_SHAPE.chars).toBe(LEAD_CHARS);
  });

  it('reads no paragraph past a blank line once it holds half of LEAD_CHARS', () => {
    expect(leadText(`${'a '.repeat(60)}\n\nnever`)).not.toContain('never');
  });
});
