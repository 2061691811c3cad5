// Places inside a rendered note that links can point at: headings
// ([[Note#Heading]]) and blocks ([[Note#^abc123]]). Both are found by data
// attributes, since ids are not allowed in notes (DOM clobbering).

/** The element an anchor names ("Heading", "Parent#Child", "^block-id"), or null. */
export function findAnchor(root: ParentNode, anchor: string): Element | null {
  const last = anchor.split('#').filter(Boolean).pop()?.trim() ?? '';
  if (!last) return null;
  if (last.startsWith('^')) {
    const id = last.slice(1);
    for (const el of root.querySelectorAll('[data-block]')) if (el.getAttribute('data-block') === id) return el;
    return null;
  }
  const want = normalizeHeading(last);
  for (const el of root.querySelectorAll('[data-heading]')) if (normalizeHeading(el.getAttribute('data-heading') ?? '') === want) return el;
  return null;
}

/** Obsidian matches headings ignoring case, spacing and the characters a link cannot hold. */
export function normalizeHeading(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/[#|^[\]:]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Scrolls to the anchor and marks it for a moment; false when the note has no such place. */
export function revealAnchor(root: HTMLElement, anchor: string): boolean {
  const el = findAnchor(root, anchor);
  if (!el) return false;
  el.scrollIntoView?.({ block: 'center' });
  el.classList.add('md-target');
  setTimeout(() => el.classList.remove('md-target'), 2000);
  return true;
}
