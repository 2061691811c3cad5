// 0011: a note in the team layout that has no team_notes row (imported before
// 0007, never re-synced) gets one, so the new view never shows it by mistake.
import { describe, expect, it } from 'vitest';
import { engineWith } from '../../test/make-engine';
import { m0011 } from './0011_team_visibility';

describe('migration 0011', () => {
  it('derives the missing rows with the note kept private unless it says otherwise', async () => {
    const { db } = await engineWith({
      'users/bob/notes/ops/secret.md': '---\nvisibility: org\n---\nno org named',
      'users/bob/notes/ops/open.md': '---\nvisibility: public\nmode_hint: inject\n---\nx',
      'plain.md': 'x',
    });
    const before = db.all('SELECT entry_id, owner, folder, file, visibility, scope_org, mode_hint FROM team_notes ORDER BY entry_id');
    db.run('DELETE FROM team_notes');
    expect(db.column('SELECT entry_id FROM hidden_entries')).toEqual([]);
    db.tx(() => m0011.up!(db));
    expect(db.all('SELECT entry_id, owner, folder, file, visibility, scope_org, mode_hint FROM team_notes ORDER BY entry_id')).toEqual(before);
    expect(db.column<string>('SELECT e.path FROM hidden_entries h JOIN entries e ON e.id = h.entry_id')).toEqual(['users/bob/notes/ops/secret.md']);
  });
});
