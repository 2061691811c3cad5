// Team spaces: folders laid out as users/<owner>/notes/<folder>/<file>.md, each
// note with a visibility. team_notes is derived from each note's path and
// frontmatter (worker/team/refresh.ts); the local identity and subscriptions
// are the user's own. `hidden_entries` is every entry the local identity may
// not see: one subquery that every listing, search and read excludes.
import type { Migration } from '../migrate';

export const m0007: Migration = {
  version: 7,
  name: 'team',
  sql: `
CREATE TABLE team_notes (
  entry_id    INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
  vault_id    INTEGER NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  owner       TEXT NOT NULL,
  folder      TEXT NOT NULL,
  file        TEXT NOT NULL,
  visibility  TEXT NOT NULL,            -- private | org | public (invalid values are stored as private)
  scope_org   TEXT,
  mode_hint   TEXT                      -- search | inject | NULL
);
CREATE INDEX team_notes_place ON team_notes(vault_id, owner, folder);

-- Vaults marked as team spaces by the user even without notes in the layout yet.
CREATE TABLE team_spaces (
  vault_id INTEGER PRIMARY KEY REFERENCES vaults(id) ON DELETE CASCADE
);

-- Who the local user is (one row) and their organisations.
CREATE TABLE team_identity (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  user_id TEXT NOT NULL
);
CREATE TABLE team_orgs (
  org TEXT PRIMARY KEY
);

CREATE TABLE subscriptions (
  vault_id   INTEGER NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  subscriber TEXT NOT NULL,
  owner      TEXT NOT NULL,
  folder     TEXT NOT NULL,
  mode       TEXT NOT NULL CHECK (mode IN ('search', 'inject')),
  enabled    INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (vault_id, subscriber, owner, folder)
);

-- A note in the layout is hidden until its row exists (a note imported a
-- moment ago is never shown before its visibility is known).
CREATE VIEW hidden_entries AS
  SELECT e.id AS entry_id FROM entries e LEFT JOIN team_notes t ON t.entry_id = e.id
  WHERE e.kind = 'note' AND e.path LIKE '%users/%/notes/%' AND (
    t.entry_id IS NULL OR NOT COALESCE(
      t.owner = (SELECT user_id FROM team_identity WHERE id = 1)
      OR t.visibility = 'public'
      OR (t.visibility = 'org' AND t.scope_org IN (SELECT org FROM team_orgs)),
      0) -- no identity (NULL) means not readable, never unknown

  );
`,
};
