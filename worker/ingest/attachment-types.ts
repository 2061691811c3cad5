// The file types the note view shows, by extension, with the MIME type a
// browser needs to display them. Plain data with no imports: the engine
// decides from it which copies to keep at import, and the page (through
// worker/contract.ts) which files it can preview, so the two never disagree.
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};
