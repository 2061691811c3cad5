// English text of the embedding model names (by the engine's model id) and of the Settings line on embedding.
export const embedEn = {
  'embed.modelName.useLiteInt8': 'Universal Sentence Encoder lite (bundled, English)',
  'embed.modelName.useLite': 'Universal Sentence Encoder lite, int8 weights in float32 compute (bundled, English; slower, the earlier default)',
  'embed.modelName.e5Small': 'multilingual E5 small (download, 100 languages incl. Japanese)',
  'embed.modelName.miniLm': 'all-MiniLM-L6-v2 (download, English)',
  // Until the stored vectors are read, how many passages have one is not known: no "0 of N".
  'settings.embedIndexing': 'reading the stored passages into memory…',
} as const;
