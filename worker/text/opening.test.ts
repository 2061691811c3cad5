// A note's opening as fts_lead holds it: the first sentence, asides left out.
import { describe, expect, it } from 'vitest';
import { FIXED_LEAD_SHAPE, LEAD_CHARS, LEAD_SHAPE, SENTENCE_LEAD_SHAPE, isMostlyCjk, leadText, withoutAsides } from './opening';

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
    expect(leadText(ja, SENTENCE_LEAD_SHAPE)).toBe(ja.slice(0, ja.indexOf('。') + 1));
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

describe('an opening mostly in CJK', () => {
  const formula = 'この記事では、Dynamics 365 Human Resources の休暇と欠勤の機能で、従業員とマネージャーが使用できる新しい機能について説明します。';

  it('is judged by letters: Latin product names leave Japanese prose Japanese, one Japanese word leaves English English', () => {
    expect(isMostlyCjk(formula)).toBe(true);
    expect(isMostlyCjk('Dynamics 365 Finance の口座調整機能で銀行取引明細書をインポートします。')).toBe(true);
    expect(isMostlyCjk('Dynamics 365 Supply Chain Management の資産管理')).toBe(false);
    expect(isMostlyCjk('The word 休暇 means leave, as in time off work granted by an employer.')).toBe(false);
    expect(isMostlyCjk('1234 — 5678')).toBe(false);
  });

  it('is its first 120 characters with asides left out, past a first sentence its sibling pages share', () => {
    const body = `[!include [banner](../includes/banner.md)]\n\n${formula}従業員は休暇の購入と売却を要求できます。承認はマネージャーが行います。そのほかの設定は別の記事で説明します。`;
    const lead = leadText(body);
    expect(lead.startsWith('この記事では')).toBe(true);
    expect(lead).toContain('休暇の購入と売却');
    expect(lead.length).toBeLessThanOrEqual(LEAD_SHAPE.cjk!.chars);
    // Derivation 5 stopped at the formula.
    expect(leadText(body, SENTENCE_LEAD_SHAPE)).toBe(formula);
  });

  it('leaves Latin openings to the first sentence', () => {
    const en = 'BAR, a rod. A second sentence that goes on and on well past sixty characters. Third.';
    expect(leadText(en)).toBe(leadText(en, SENTENCE_LEAD_SHAPE));
  });
});
