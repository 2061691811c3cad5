// Fills in what a rendered note points at in its vault, after sanitising:
// pictures and PDFs (![[photo.png]], ![alt](path)) and embedded notes
// (![[Note]], ![[Note#Heading]], ![[Note#^block]]). Links resolve as Obsidian
// resolves them (the resolve_links tool). Embeds nest at most MAX_EMBED_DEPTH
// deep and never show a note inside itself; every embedded note is rendered
// and sanitised like the note around it. Everything added here is built with
// DOM calls, never from markup.
import type { DOMPurify } from 'dompurify';
import { call, isToolError } from '../../engine/client';
import type { Translate } from '../../i18n/i18n';
import { embedSection } from './embed-section';
import { markdownToFragment } from './markdown';
import { labelTaskStates } from './task-items';
import { extOf, grantFolderAccess, isImage, loadVaultFile, type FileLoad, type FileUrls } from './vault-files';

export const MAX_EMBED_DEPTH = 3;

export interface VaultContext {
  vault: string;
  /** The vault's import source ('handle' reads through the kept folder handle). */
  source: string | null;
  /** The note the links are written in. */
  from: string;
  /** Notes being shown, outermost first: an embed of one of them would be a cycle. */
  chain: string[];
  urls: FileUrls;
  purify: DOMPurify;
  t: Translate;
  /** False once the rendering was replaced: stop touching it. */
  live(): boolean;
  /** Called after the user granted folder access again: render anew. */
  onAccess(): void;
}

type Resolved = { path: string; kind: 'note' | 'file'; title: string } | null;

/** Elements of this note only: those inside an embedded note belong to that note's own pass. */
function own(root: Element, selector: string): Element[] {
  const mine = root.matches('.md-embed-body') ? root : null;
  return [...root.querySelectorAll(selector)].filter((e) => (e.parentElement?.closest('.md-embed-body') ?? null) === mine);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export async function fillVaultContent(root: Element, ctx: VaultContext): Promise<void> {
  const files = own(root, '[data-attachment]');
  const embeds = own(root, '.md-embed[data-embed]');
  const links = [...new Set([...files.map((f) => f.getAttribute('data-attachment')!), ...embeds.map((e) => e.getAttribute('data-embed')!)])];
  if (!links.length) return;
  const r = await call('resolve_links', { vault: ctx.vault, from: ctx.from, links });
  if (!ctx.live()) return;
  const where = new Map<string, Resolved>(isToolError(r) ? [] : r.links.map((l) => [l.link, l.resolved]));
  await Promise.all([
    ...files.map((f) => showFile(f, where.get(f.getAttribute('data-attachment')!) ?? null, ctx)),
    ...embeds.map((e) => showEmbed(e, where.get(e.getAttribute('data-embed')!) ?? null, ctx)),
  ]);
}

/** A placeholder saying why a picture or file is not shown, with a way to fix it where there is one. */
function missing(name: string, load: Extract<FileLoad, { ok: false }>, ctx: VaultContext): HTMLElement {
  const box = el('span', 'md-missing');
  box.setAttribute('data-missing', load.reason);
  const key = `render.file.${load.reason}` as const;
  box.append(el('span', '', ctx.t(key, { name, folder: ctx.vault, error: load.detail ?? '' })));
  if (load.reason === 'needs_permission') {
    const b = el('button', 'secondary small', ctx.t('render.file.allow'));
    b.type = 'button';
    b.addEventListener('click', () => void grantFolderAccess(ctx.vault).then((ok) => ok && ctx.onAccess()));
    box.append(b);
  }
  return box;
}

async function showFile(node: Element, target: Resolved, ctx: VaultContext): Promise<void> {
  const written = node.getAttribute('data-attachment')!;
  const name = written.split('/').pop() || written;
  if (!target || target.kind !== 'file') {
    node.replaceWith(missing(name, { ok: false, reason: 'not_found' }, ctx));
    return;
  }
  const load = await loadVaultFile(ctx.vault, ctx.source, target.path, ctx.urls);
  if (!ctx.live()) return;
  if (!load.ok) {
    // A file of a type the view does not show (audio, canvas…): a link to it instead.
    node.replaceWith(load.reason === 'unsupported' ? openLink(target.path, name) : missing(name, load, ctx));
    return;
  }
  if (node instanceof HTMLImageElement && isImage(target.path)) {
    node.addEventListener('error', () => node.replaceWith(missing(name, { ok: false, reason: 'unreadable', detail: 'not a picture the browser can show' }, ctx)), { once: true });
    node.src = load.url;
    node.title = target.path;
    return;
  }
  node.replaceWith(fileCard(target.path, load.url, load.type, ctx));
}

function openLink(path: string, label: string): HTMLElement {
  const a = el('a', 'md-wikilink', label);
  a.href = '#';
  a.setAttribute('data-wikilink', path);
  return a;
}

/** A PDF (or a picture embedded as a file): open it in the browser's own viewer, or download it. */
export function fileCard(path: string, url: string, type: string, ctx: Pick<VaultContext, 't'>): HTMLElement {
  const card = el('span', 'md-file-card');
  const name = path.split('/').pop() ?? path;
  card.append(el('strong', '', name), document.createTextNode(' '));
  const view = el('a', '', ctx.t(type === 'application/pdf' ? 'render.pdf.open' : 'render.file.view'));
  view.href = url;
  view.target = '_blank';
  view.rel = 'noopener';
  const down = el('a', '', ctx.t('render.file.download'));
  down.href = url;
  down.download = name;
  card.append(view, document.createTextNode(' · '), down);
  return card;
}

async function showEmbed(node: Element, target: Resolved, ctx: VaultContext): Promise<void> {
  const anchor = node.getAttribute('data-anchor');
  const note = (text: string) => {
    node.append(el('span', 'md-embed-note', ` ${text}`));
  };
  if (!target) return note(ctx.t('render.embed.notFound'));
  if (target.kind === 'file') {
    // ![[photo]] written without its extension, or another file.
    if (isImage(target.path) || extOf(target.path) === 'pdf') {
      const img = el(isImage(target.path) ? 'img' : 'span', 'md-attachment');
      img.setAttribute('data-attachment', target.path);
      node.replaceWith(img);
      return showFile(img, target, ctx);
    }
    return;
  }
  if (ctx.chain.includes(target.path)) return note(ctx.t('render.embed.cycle', { title: target.title }));
  if (ctx.chain.length > MAX_EMBED_DEPTH) return note(ctx.t('render.embed.tooDeep', { depth: MAX_EMBED_DEPTH }));
  const r = await call('read_note', { vault: ctx.vault, path: target.path });
  if (!ctx.live()) return;
  if (isToolError(r)) return note(r.error.message);
  const section = embedSection(r.body, anchor);
  if (section === null) return note(ctx.t('render.embed.noSection', { anchor: anchor ?? '', title: r.title }));

  const box = el('span', 'md-embed-box');
  box.setAttribute('data-embed-path', r.path);
  const head = el('span', 'md-embed-head');
  head.append(el('span', '', ctx.t('render.embed.from', { title: anchor ? `${r.title} › ${anchor}` : r.title })));
  const open = openLink(r.path, ctx.t('render.embed.open'));
  if (anchor) open.setAttribute('data-anchor', anchor);
  head.append(open);
  const body = el('div', 'md-embed-body');
  body.append(markdownToFragment(section, ctx.purify));
  labelTaskStates(body, ctx.t);
  box.append(head, body);
  node.replaceChildren(box);
  await fillVaultContent(body, { ...ctx, from: r.path, chain: [...ctx.chain, r.path] });
}
