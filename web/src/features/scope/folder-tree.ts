// Folders (as the folders tool lists them) → a tree whose nodes carry the
// path_prefix they stand for and how many notes their subtree holds.

export interface FolderNode {
  name: string;
  /** The path_prefix for this subtree: "specs/auth/". */
  prefix: string;
  /** Notes in this subtree. */
  notes: number;
  children: FolderNode[];
}

export function buildFolderTree(folders: { folder: string; notes: number }[]): FolderNode {
  const root: FolderNode = { name: '', prefix: '', notes: 0, children: [] };
  const index = new Map<string, FolderNode>([['', root]]);
  const nodeFor = (path: string): FolderNode => {
    let node = index.get(path);
    if (node) return node;
    const cut = path.lastIndexOf('/');
    const parent = nodeFor(cut < 0 ? '' : path.slice(0, cut));
    node = { name: path.slice(cut + 1), prefix: `${path}/`, notes: 0, children: [] };
    parent.children.push(node);
    index.set(path, node);
    return node;
  };
  for (const f of folders) {
    nodeFor(f.folder);
    // Count the notes into every ancestor.
    let path = f.folder;
    for (;;) {
      index.get(path)!.notes += f.notes;
      if (path === '') break;
      const cut = path.lastIndexOf('/');
      path = cut < 0 ? '' : path.slice(0, cut);
    }
  }
  const sort = (n: FolderNode) => {
    n.children.sort((a, b) => a.name.localeCompare(b.name));
    n.children.forEach(sort);
  };
  sort(root);
  return root;
}
