// Japanese text of the embedding model names (by the engine's model id) and of the Settings line on embedding.
import type { embedEn } from './embed.en';

export const embedJa: Record<keyof typeof embedEn, string> = {
  'embed.modelName.useLiteInt8': 'Universal Sentence Encoder lite（同梱・英語）',
  'embed.modelName.useLite': 'Universal Sentence Encoder lite、int8 の重みを float32 で計算（同梱・英語。低速な以前の既定）',
  'embed.modelName.e5Small': 'multilingual E5 small（ダウンロード・日本語を含む 100 言語）',
  'embed.modelName.miniLm': 'all-MiniLM-L6-v2（ダウンロード・英語）',
  'settings.embedIndexing': '保存済みの文章をメモリに読み込んでいます…',
};
