// Checks the Tools page's argument text against a tool's JSON Schema before it
// is sent: JSON syntax, an object, known argument names, required ones present.
// The engine checks everything again; this only says early what it would say.
import type { JsonSchema } from '../../../../worker/contract';

export type ArgsCheck = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

export function checkArgs(text: string, schema: JsonSchema): ArgsCheck {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${(e as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'The arguments must be a JSON object, e.g. {"query": "oauth"}.' };
  const args = value as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const known = Object.keys(properties);
  for (const key of Object.keys(args)) {
    if (!(key in properties)) return { ok: false, message: `Unknown argument "${key}". This tool takes: ${known.join(', ') || 'no arguments'}.` };
  }
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (args[name] === undefined) return { ok: false, message: `"${name}" is required.` };
  }
  const groups = [schema, ...(((schema.allOf as JsonSchema[] | undefined) ?? []))].flatMap((s) => (s.anyOf ? [s.anyOf as JsonSchema[]] : []));
  for (const group of groups) {
    const names = group.flatMap((g) => (g.required as string[] | undefined) ?? []);
    if (!names.some((n) => args[n] !== undefined)) return { ok: false, message: `"${names[0]}" is required (or ${names.slice(1).map((n) => `"${n}"`).join(', ')}).` };
  }
  return { ok: true, args };
}
