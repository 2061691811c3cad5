// The team-space layout: users/<owner>/notes/<folder>/<file>.md, optionally
// under one top folder (data/users/…). The owner is the path segment, never
// a frontmatter value, so a note cannot claim someone else's name.

export interface TeamPlace {
  /** The top folder the layout sits under ('' when at the vault root). */
  base: string;
  owner: string;
  folder: string;
  file: string;
}

const LAYOUT = /^(?:([^/]+)\/)?users\/([^/]+)\/notes\/([^/]+)\/([^/]+\.md)$/;

export function teamPlace(path: string): TeamPlace | null {
  const m = LAYOUT.exec(path);
  return m ? { base: m[1] ?? '', owner: m[2], folder: m[3], file: m[4] } : null;
}

/** The vault path of a user's note. */
export function teamPath(base: string, owner: string, folder: string, file: string): string {
  return `${base ? `${base}/` : ''}users/${owner}/notes/${folder}/${file}`;
}

/** The subscriptions file of a user. */
export function subscriptionsPath(base: string, user: string): string {
  return `${base ? `${base}/` : ''}users/${user}/subscriptions.yaml`;
}

/** Folder and file names a user may write: [A-Za-z0-9._-], not "." or "..". */
export const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

export function safeSegment(s: string): boolean {
  return SAFE_NAME.test(s) && s !== '.' && s !== '..';
}
