// Temporal qualifiers on observation lines: every authored form, the spans
// points denote, what is refused (and reported) and what is just prose.
import { describe, expect, it } from 'vitest';
import { parseBody } from './markdown';
import { parseNoteText } from './note';
import { peelQualifier, readAuthoredPoint } from './qualifier';
import { rangeLiteral } from './temporal';

/** [kind, canonical literal, source_text, content] of one peeled qualifier. */
function peel(text: string): [string, string, string, string] | { refusal?: string; content: string } {
  const p = peelQualifier(text);
  if (!p.assertion) return { content: p.content, ...(p.refusal ? { refusal: p.refusal } : {}) };
  return [p.assertion.kind, rangeLiteral(p.assertion.range), p.assertion.sourceText, p.content];
}

describe('range form', () => {
  it('reads kind, range and inclusivity per side', () => {
    expect(peel('@effective[2026-06-10,2026-07-27) The cache layer will use Redis.')).toEqual([
      'effective', '[2026-06-10,2026-07-27)', '@effective[2026-06-10,2026-07-27)', 'The cache layer will use Redis.',
    ]);
    expect(peel('@effective[2026-07-27,) The cache layer will use Memcached.')).toEqual(['effective', '[2026-07-27,)', '@effective[2026-07-27,)', 'The cache layer will use Memcached.']);
    expect(peel('@due(,2026-09-30] Ship it')).toEqual(['due', '(,2026-10-01)', '@due(,2026-09-30]', 'Ship it']);
    expect(peel('@occurred(2026-06-10,2026-06-12) Outage')).toEqual(['occurred', '[2026-06-11,2026-06-12)', '@occurred(2026-06-10,2026-06-12)', 'Outage']);
  });

  it('defaults to the kind valid', () => {
    expect(peel('@[2026-06-10,2026-07-01) Pricing is 10 EUR')).toEqual(['valid', '[2026-06-10,2026-07-01)', '@[2026-06-10,2026-07-01)', 'Pricing is 10 EUR']);
  });

  it('reads instant ranges in UTC and keeps their inclusivity', () => {
    expect(peel('@occurred[2026-06-10T09:00:00+02:00,2026-06-10T10:30:00.25+02:00] Outage')).toEqual([
      'occurred', '[2026-06-10T07:00:00.000000Z,2026-06-10T08:30:00.250000Z]', '@occurred[2026-06-10T09:00:00+02:00,2026-06-10T10:30:00.25+02:00]', 'Outage',
    ]);
  });

  it('refuses backwards, mixed and impossible ranges, keeping the text', () => {
    const backwards = peel('@effective[2026-08-01,2026-07-01) Redis');
    expect(backwards).toEqual({ content: '@effective[2026-08-01,2026-07-01) Redis', refusal: expect.stringContaining('is backwards') });
    expect(peel('@valid[2026-07-01,2026-07-02T00:00:00Z) x')).toEqual({ content: '@valid[2026-07-01,2026-07-02T00:00:00Z) x', refusal: expect.stringContaining('mixes a date and a timestamp') });
    expect(peel('@effective[2026-13-01,) x')).toEqual({ content: '@effective[2026-13-01,) x', refusal: expect.stringContaining('no month 13') });
    expect(peel('@effective[2026-06-10..2026-07-27) x')).toEqual({ content: '@effective[2026-06-10..2026-07-27) x', refusal: expect.stringContaining('not a range literal') });
  });

  it('reports an unknown kind, listing the known ones', () => {
    expect(peel('@asserted[2026-06-10,) x')).toEqual({
      content: '@asserted[2026-06-10,) x',
      refusal: 'The temporal qualifier "@asserted[2026-06-10,)" has the unknown kind "asserted"; the kinds are valid, effective, occurred, due, mentioned (or none, meaning valid).',
    });
  });

  it('needs the bracket group to end the token', () => {
    expect(peel('@effective[2026-06-10,)x y')).toEqual({ content: '@effective[2026-06-10,)x y' });
  });
});

describe('point forms', () => {
  it('reads a day as that day, a month as that month, a year as that year', () => {
    expect(peel('@2026-07-27 Release')).toEqual(['valid', '[2026-07-27,2026-07-28)', '@2026-07-27', 'Release']);
    expect(peel('@occurred:2026-06 Migration')).toEqual(['occurred', '[2026-06-01,2026-07-01)', '@occurred:2026-06', 'Migration']);
    expect(peel('@mentioned:2026 Roadmap')).toEqual(['mentioned', '[2026-01-01,2027-01-01)', '@mentioned:2026', 'Roadmap']);
    expect(peel('@due:2026-12 Year end')).toEqual(['due', '[2026-12-01,2027-01-01)', '@due:2026-12', 'Year end']);
  });

  it('reads an effective point as from then on', () => {
    expect(peel('@effective:2026-07-27 The cache layer will use Memcached.')).toEqual(['effective', '[2026-07-27,)', '@effective:2026-07-27', 'The cache layer will use Memcached.']);
    expect(peel('@effective:2026-07 x')).toEqual(['effective', '[2026-07-01,)', '@effective:2026-07', 'x']);
    expect(peel('@effective:2026-07-27T09:00:00+09:00 x')).toEqual(['effective', '[2026-07-27T00:00:00.000000Z,)', '@effective:2026-07-27T09:00:00+09:00', 'x']);
  });

  it('reads a timestamp point as that instant', () => {
    expect(peel('@occurred:2026-07-27T18:42:00Z Deploy')).toEqual(['occurred', '[2026-07-27T18:42:00.000000Z,2026-07-27T18:42:00.000000Z]', '@occurred:2026-07-27T18:42:00Z', 'Deploy']);
  });

  it('reads quoted dates with spaces, in English and Japanese', () => {
    expect(peel('@occurred:"June 10, 2026" Kickoff')).toEqual(['occurred', '[2026-06-10,2026-06-11)', '@occurred:"June 10, 2026"', 'Kickoff']);
    expect(peel('@occurred:"10 Jun 2026" Kickoff')).toEqual(['occurred', '[2026-06-10,2026-06-11)', '@occurred:"10 Jun 2026"', 'Kickoff']);
    expect(peel('@"June 2026" Kickoff')).toEqual(['valid', '[2026-06-01,2026-07-01)', '@"June 2026"', 'Kickoff']);
    expect(peel('@occurred:2026年6月10日 開始')).toEqual(['occurred', '[2026-06-10,2026-06-11)', '@occurred:2026年6月10日', '開始']);
    expect(peel('@occurred:"2026-06-10 14:00:00" x')).toEqual(['occurred', '[2026-06-10T14:00:00.000000Z,2026-06-10T14:00:00.000000Z]', '@occurred:"2026-06-10 14:00:00"', 'x']);
  });

  it('refuses relative dates, impossible dates and unclosed quotes', () => {
    for (const text of ['@occurred:yesterday x', '@occurred:"2 days ago" x', '@due:"next friday" x', '@occurred:昨日 x', '@due:tomorrow x']) {
      expect(peel(text)).toEqual({ content: text, refusal: expect.stringContaining('relative date') });
    }
    expect(peel('@effective:2026-13-01 x')).toEqual({ content: '@effective:2026-13-01 x', refusal: expect.stringContaining('no month 13') });
    expect(peel('@occurred:"June 31, 2026" x')).toEqual({ content: '@occurred:"June 31, 2026" x', refusal: expect.stringContaining('2026-06 has 30 days') });
    expect(peel('@occurred:2026-00 x')).toEqual({ content: '@occurred:2026-00 x', refusal: expect.stringContaining('not a month') });
    expect(peel('@occurred:"June 10, 2026 x')).toEqual({ content: '@occurred:"June 10, 2026 x', refusal: expect.stringContaining('never closes') });
    expect(peel('@occurred:"sometime" x')).toEqual({ content: '@occurred:"sometime" x', refusal: expect.stringContaining('not a date Kioku reads') });
    expect(peel('@2026-02-30 x')).toEqual({ content: '@2026-02-30 x', refusal: expect.stringContaining('2026-02 has 28 days') });
    expect(peel('@occurred:10/07/2026 x')).toEqual({ content: '@occurred:10/07/2026 x', refusal: expect.stringContaining('ambiguous') });
  });

  it('refuses a relative date written without a kind, as the whole qualifier', () => {
    for (const text of ['@yesterday The cache was down.', '@Today x', '@tomorrow x', '@昨日 x', '@"2 days ago" x', '@2-days-ago x']) {
      expect(peel(text)).toEqual({ content: text, refusal: expect.stringContaining('relative date') });
    }
    // A word that only starts like one is a handle.
    for (const text of ['@todays_pick x', '@nowhere x', '@yesterdays-news x']) expect(peel(text)).toEqual({ content: text });
  });

  it('reports an unknown kind only when what follows it is a date', () => {
    expect(peel('@asserted:2026-06-10 x')).toEqual({ content: '@asserted:2026-06-10 x', refusal: expect.stringContaining('unknown kind "asserted"') });
    expect(peel('@todo: fix the tests')).toEqual({ content: '@todo: fix the tests' });
    expect(peel('@todo:fix the tests')).toEqual({ content: '@todo:fix the tests' });
    expect(peel('@foo:yesterday x')).toEqual({ content: '@foo:yesterday x' });
  });
});

describe('what is not a qualifier', () => {
  it('leaves @ in prose, handles and addresses alone, unreported', () => {
    for (const text of ['@alice approved it', 'mail paul@example.com @effective:2026-07-27', '@see(below) x', '@[note] x', 'Use @2026-07-27 later', '@3.5 is the version', '@12 people']) {
      expect(peel(text)).toEqual({ content: text });
    }
  });

  it('keeps a qualifier with nothing after it as the text', () => {
    expect(peel('@2026-07-27')).toEqual({ content: '@2026-07-27' });
  });

  it('reads points exactly, without guessing', () => {
    expect(readAuthoredPoint('June')).toEqual({ kind: 'none' });
    expect(readAuthoredPoint('v2')).toEqual({ kind: 'none' });
  });
});

describe('in observations and notes', () => {
  it('peels the qualifier after the category, before tags and context', () => {
    const [o] = parseBody('- [decision] @effective[2026-06-10,2026-07-27) Use Redis #cache (agreed)').observations;
    expect(o.content).toBe('Use Redis #cache');
    expect(o.tags).toEqual(['cache']);
    expect(o.context).toBe('agreed');
    expect(o.temporal.map((a) => [a.kind, a.sourceText, rangeLiteral(a.range)])).toEqual([['effective', '@effective[2026-06-10,2026-07-27)', '[2026-06-10,2026-07-27)']]);
  });

  it('gives undated observations no assertions', () => {
    expect(parseBody('- [decision] The queue layer uses RabbitMQ.').observations[0].temporal).toEqual([]);
  });

  it('reports a refused qualifier as an import problem on its line, keeping the observation', () => {
    const note = parseNoteText('a.md', '---\ntitle: A\n---\n\n- [decision] @effective[2026-08-01,2026-07-01) Redis\n- [fact] @alice said so\n');
    expect(note.structure.observations.map((o) => o.content)).toEqual(['@effective[2026-08-01,2026-07-01) Redis', '@alice said so']);
    expect(note.problems).toEqual([
      {
        code: 'temporal_qualifier_refused',
        message: 'The temporal qualifier "@effective[2026-08-01,2026-07-01)" was not read: "[2026-08-01,2026-07-01)" is backwards: its lower bound 2026-08-01 is after its upper bound 2026-07-01.',
        action: 'Kept the line as an ordinary observation with its text unchanged; it has no valid time, so valid-time searches do not return it.',
        line: 5,
      },
    ]);
  });
});
