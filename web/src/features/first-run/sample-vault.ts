// The bundled sample vault: Markdown files under web/src/sample-vault, built
// into the app so a newcomer can search before importing anything.
const raw = import.meta.glob('../../sample-vault/**/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const SAMPLE_VAULT_NAME = 'kioku-sample';

export function sampleVaultFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(raw)) out[key.replace(/^.*\/sample-vault\//, '')] = text;
  return out;
}
