// Which models a database knows and which one is active, kept in its meta
// table: the built-in list plus models the user added (folders, other hub
// repositories). Stored with the data, so a backup restores the choice too.
import type { Db } from '../db/database';
import { toolError } from '../errors';
import { BUILTIN_MODELS, DEFAULT_MODEL_ID, type ModelSpec } from './models';
import { getMeta, setMeta } from './store';

const ACTIVE = 'embed.model';
const CUSTOM = 'embed.custom_models';

function customModels(db: Db): ModelSpec[] {
  try {
    const v = JSON.parse(getMeta(db, CUSTOM) ?? '[]');
    return Array.isArray(v) ? (v as ModelSpec[]) : [];
  } catch {
    return [];
  }
}

export function knownModels(db: Db): ModelSpec[] {
  return [...BUILTIN_MODELS, ...customModels(db)];
}

export function findModel(db: Db, id: string): ModelSpec | undefined {
  return knownModels(db).find((m) => m.id === id);
}

export function activeModel(db: Db): ModelSpec {
  return findModel(db, getMeta(db, ACTIVE) ?? DEFAULT_MODEL_ID) ?? BUILTIN_MODELS[0];
}

export function setActiveModel(db: Db, id: string): ModelSpec {
  const spec = findModel(db, id);
  if (!spec) {
    throw toolError('not_found', `There is no embedding model "${id}". Available: ${knownModels(db).map((m) => m.id).join(', ')}.`, 'model');
  }
  setMeta(db, ACTIVE, spec.id);
  return spec;
}

/** Registers a model from a folder or another hub repository (replacing one of the same id). */
export function addModel(db: Db, spec: ModelSpec): void {
  if (spec.source.kind === 'bundled' || BUILTIN_MODELS.some((m) => m.id === spec.id)) {
    throw toolError('invalid_argument', `"${spec.id}" is a built-in model; it is always listed.`, 'model');
  }
  setMeta(db, CUSTOM, JSON.stringify([...customModels(db).filter((m) => m.id !== spec.id), spec]));
}
