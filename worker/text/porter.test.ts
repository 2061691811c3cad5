// The snippet stemmer must agree with the index's: compared with FTS5's own
// porter tokenizer (real SQLite) on words that exercise every step.
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { porterStem } from './porter';

const WORDS = `caresses ponies ties caress cats feed agreed plastered bled motoring sing conflated troubled sized hopping
tanned falling hissing fizzed failing filing happy sky relational conditional rational valenci hesitanci digitizer
conformabli radicalli differentli vileli analogousli vietnamization predication operator feudalism decisiveness
hopefulness callousness formaliti sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful
goodness revival allowance inference airliner gyroscopic adjustable defensible irritant replacement adjustment dependent
adoption homologou communism activate angulariti homologous effective bowdlerize probate rate cease controlling rolling
generalizations oscillators aeroelastic heated models modelling boundary layers flows supersonic hypersonic theoretical
measurements turbulent equilibrium composite slabs conduction logically archaeology abilities yes by to is as go`.split(/\s+/);

describe('porterStem', () => {
  it('agrees with FTS5 porter on every word of the list', async () => {
    const db = await openMemoryDb();
    db.exec("CREATE VIRTUAL TABLE p USING fts5(x, tokenize = 'porter ascii')");
    db.exec("CREATE VIRTUAL TABLE v USING fts5vocab(p, 'row')");
    for (const w of WORDS) {
      db.run('DELETE FROM p');
      db.run('INSERT INTO p (x) VALUES (?)', [w]);
      expect(porterStem(w), w).toBe(db.column<string>('SELECT term FROM v')[0]);
    }
    db.close();
  });

  it('leaves short, long and non-ASCII words alone', () => {
    expect(porterStem('is')).toBe('is');
    expect(porterStem('設計')).toBe('設計');
    expect(porterStem('naïve')).toBe('naïve');
    expect(porterStem('x'.repeat(70))).toBe('x'.repeat(70));
  });
});
