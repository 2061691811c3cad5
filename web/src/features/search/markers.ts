// The characters the engine wraps snippet matches in (snippet_markers); Highlight turns them into <mark>.
export const MARK_OPEN = '\u0002';
export const MARK_CLOSE = '\u0003';
