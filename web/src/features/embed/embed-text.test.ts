// Settings and the model menu name models in the UI's language, and never report "0 of N passages"
// while the stored vectors are still being read (the user trial's Settings right after a reload).
import { describe, expect, it } from 'vitest';
import type { EmbedStatus } from '../../engine/client';
import type { Translate } from '../../i18n/i18n';
import { en } from '../../i18n/en';
import { ja } from '../../i18n/ja';
import { embedEn } from '../../i18n/embed.en';
import { embedJa } from '../../i18n/embed.ja';
import { modelName, panelEmbedLine, settingsEmbedLine } from './embed-text';

const translator =
  (dict: Record<string, string>): Translate =>
  (key, vars) =>
    dict[key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars?.[k] ?? `{${k}}`));
const tEn = translator({ ...en, ...embedEn });
const tJa = translator({ ...ja, ...embedJa });

/** A vault of 45,019 passages, every one embedded, as the engine reports it right after a reload. */
function status(over: Partial<EmbedStatus>): EmbedStatus {
  return {
    model: { id: 'use-lite-int8', label: 'Universal Sentence Encoder lite (bundled, English)', languages: 'English', dim: 512, source: 'bundled', size_mb: 7.2 },
    state: 'indexing',
    complete: false,
    paused: false,
    ready: false,
    device: null,
    threads: null,
    threads_reason: null,
    notes: 2002,
    notes_chunked: 2002,
    notes_embeddable: 2002,
    notes_embedded: null,
    chunks_total: 45019,
    chunks_done: 0,
    chunks_unreadable: 0,
    rate_per_s: null,
    eta_s: 0,
    download: null,
    error: null,
    yielding: false,
    ...over,
  };
}

describe('settingsEmbedLine', () => {
  it('says the stored passages are being read, not "0 of N", while the index loads', () => {
    const line = settingsEmbedLine(tEn, status({}));
    expect(line).toBe('Model: Universal Sentence Encoder lite (bundled, English) · reading the stored passages into memory…');
    expect(line).not.toMatch(/\b0 of/);
  });

  it('gives the count once it is known', () => {
    expect(settingsEmbedLine(tEn, status({ state: 'complete', complete: true, chunks_done: 45019 }))).toMatch(/· all 45019 passages analysed$/);
    expect(settingsEmbedLine(tEn, status({ state: 'embedding', chunks_done: 120 }))).toMatch(/· 120 of 45019 passages analysed$/);
    // While notes are still being cut into passages, the passage total is not known either.
    expect(settingsEmbedLine(tEn, status({ state: 'chunking', notes_chunked: 40, chunks_total: 0 }))).toMatch(/· Preparing passages: 40 of 2002 notes$/);
    expect(settingsEmbedLine(tEn, status({ state: 'loading', notes_chunked: 0, chunks_total: 0 }))).toMatch(/· Preparing passages: 0 of 2002 notes$/);
  });

  it('is in Japanese for a Japanese UI', () => {
    expect(settingsEmbedLine(tJa, status({}))).toBe('モデル：Universal Sentence Encoder lite（同梱・英語） · 保存済みの文章をメモリに読み込んでいます…');
  });
});

describe('modelName', () => {
  it('names each model the engine ships or downloads in the UI language', () => {
    for (const id of ['use-lite-int8', 'use-lite', 'Xenova/multilingual-e5-small', 'Xenova/all-MiniLM-L6-v2']) {
      const name = modelName(tJa, { id, label: 'engine label' });
      expect(name).not.toBe('engine label');
      expect(name).not.toMatch(/bundled|download|English/);
    }
    expect(modelName(tEn, { id: 'Xenova/multilingual-e5-small', label: 'x' })).toBe('multilingual E5 small (download, 100 languages incl. Japanese)');
  });

  it("keeps the engine's label for a model the UI does not know", () => {
    expect(modelName(tJa, { id: 'folder:my-model', label: 'my-model (from a folder)' })).toBe('my-model (from a folder)');
    expect(modelName(tJa, { id: 'constructor', label: 'odd' })).toBe('odd');
  });
});

describe('panelEmbedLine', () => {
  // A UI check saw the sidebar say "0 of 0 passages embedded" while the notes were still to be cut into passages.
  it('says passages are being prepared, not "0 of 0", before the notes are cut into passages', () => {
    const line = panelEmbedLine(tEn, status({ state: 'idle', notes: 6, notes_chunked: 0, chunks_total: 0 }));
    expect(line).toBe(tEn('embed.chunking', { done: 0, total: 6 }));
    expect(panelEmbedLine(tEn, status({ state: 'embedding', chunks_done: 120 }))).toBe(tEn('embed.progress', { done: 120, total: 45019 }));
  });
});
