// Where links written in a note point, resolved as Obsidian does
// (worker/query/link-target.ts), falling back to Kioku's own reading of a
// link by title or permalink. The note view uses it for ![[embeds]] and
// pictures; agents can ask what a note's links mean.
import { linkPath, resolveLinkTarget, type LinkTarget } from '../query/link-target';
import { optStringList, optVault, reqString } from '../args';
import { defineTool } from './define';
import { toolError } from '../errors';
import { resolveLinkFrom } from '../search/links';
import { resolveEntry, resolveVault } from '../resolve';
import { assertVisible } from '../team/sql';

export interface ResolvedLink {
  /** The link as given. */
  link: string;
  /** The file it points at in the note's vault, or null when there is none. */
  resolved: (LinkTarget & { vault: string }) | null;
}

const MAX_LINKS = 500;

export const resolveLinksTool = defineTool<{ from: string; vault?: string; vaultKey: string; links: string[] }, { vault: string; from: string; links: ResolvedLink[] }>({
  name: 'resolve_links',
  description:
    'Resolves links written in a note ([[name]], ![[photo.png]], image paths) to the files they point at, as Obsidian does: relative to the note, from the vault root, by name anywhere in the vault (same folder first, then the shortest path), then by title or permalink.',
  params: [
    { name: 'from', type: 'string', required: true, description: 'The note the links are written in (vault-relative path, permalink or title).' },
    { name: 'links', type: 'string[]', required: true, description: `Links as written, without the brackets: "Note", "Note#Heading", "assets/photo.png", "../img/a%20b.png" (at most ${MAX_LINKS}).` },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'Vault name; needed only when the note exists in several vaults.' },
  ],
  examples: [{ from: 'Welcome.md', links: ['Targets#^key-point', 'sunset.png'] }],
  parse(raw) {
    const links = optStringList(raw, 'links');
    if (!links) throw toolError('invalid_argument', 'links is required: a list of links as written in the note.', 'links');
    if (links.length > MAX_LINKS) throw toolError('invalid_argument', `links holds ${links.length} links; at most ${MAX_LINKS} are resolved at once. Split the list.`, 'links');
    return { from: reqString(raw, 'from'), links, ...optVault(raw) };
  },
  run({ db }, input) {
    const note = resolveEntry(db, input.from, resolveVault(db, input.vault, input.vaultKey), 'from');
    assertVisible(db, note, input.from, 'from');
    return {
      vault: note.vault,
      from: note.path,
      links: input.links.map((link) => {
        const hit = resolveLinkTarget(db, note.vault_id, note.path, link);
        if (hit) return { link, resolved: { vault: note.vault, ...hit } };
        const target = linkPath(link);
        const byTitle = target ? resolveLinkFrom(db, note.vault_id, target, note.path).resolved : null;
        if (!byTitle) return { link, resolved: null };
        const row = resolveLinkTarget(db, note.vault_id, '', byTitle.path);
        return { link, resolved: row ? { vault: note.vault, ...row } : null };
      }),
    };
  },
});
