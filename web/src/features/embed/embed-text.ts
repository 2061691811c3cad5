// What the UI calls an embedding model and how far its passages are, in the
// UI's language. The engine's labels are English; the models it ships or can
// download are named here by id, and a model the UI does not know (one loaded
// from a folder) keeps the engine's label.
import type { EmbedStatus } from '../../engine/client';
import type { Translate, UiKey } from '../../i18n/i18n';

const MODEL_NAMES = new Map<string, UiKey>([
  ['use-lite-int8', 'embed.modelName.useLiteInt8'],
  ['use-lite', 'embed.modelName.useLite'],
  ['Xenova/multilingual-e5-small', 'embed.modelName.e5Small'],
  ['Xenova/all-MiniLM-L6-v2', 'embed.modelName.miniLm'],
]);

export function modelName(t: Translate, model: { id: string; label: string }): string {
  const key = MODEL_NAMES.get(model.id);
  return key ? t(key) : model.label;
}

/** Settings' one line on embedding: the model and how many passages are analysed, never a count not yet read. */
export function settingsEmbedLine(t: Translate, s: EmbedStatus): string {
  return `${t('settings.model', { model: modelName(t, s.model) })} · ${passagesText(t, s)}`;
}

function passagesText(t: Translate, s: EmbedStatus): string {
  if (s.complete) return t('settings.embedComplete', { total: s.chunks_total });
  // The stored vectors are not counted until they are read: chunks_done is 0 then, whatever is stored.
  if (s.state === 'indexing') return t('settings.embedIndexing');
  // Passages are still being cut from the notes (or not yet, while the model loads): their total is not known.
  if (s.state === 'chunking' || s.notes_chunked < s.notes) return t('embed.chunking', { done: s.notes_chunked, total: s.notes });
  return t('settings.embedProgress', { done: s.chunks_done, total: s.chunks_total });
}

/** The "Search by meaning" panel's status line. */
export function panelEmbedLine(t: Translate, s: EmbedStatus): string {
  if (s.state === 'unavailable') return t('embed.unavailable');
  if (s.state === 'downloading') return t('embed.downloading', { progress: s.download?.progress ?? 0 });
  if (s.state === 'loading') return t('embed.loading');
  if (s.state === 'chunking') return t('embed.chunking', { done: s.notes_chunked, total: s.notes });
  // The passages' vectors are being read into memory: how many there are is not known yet, so no "0 of N".
  if (s.state === 'indexing') return t('embed.indexing');
  if (s.complete) return t('embed.complete');
  if (s.paused) return t('embed.paused');
  // Notes not yet cut into passages (waiting while the user types, say): the passage total is not known.
  if (s.notes_chunked < s.notes) return t('embed.chunking', { done: s.notes_chunked, total: s.notes });
  return t('embed.progress', { done: s.chunks_done, total: s.chunks_total });
}
