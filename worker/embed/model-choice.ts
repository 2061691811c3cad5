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
  return readCustomModels(db).models;
}

/**
 * The models the user added, and what is wrong with the stored list if it
 * cannot be read (then only the built-in models are offered, and the status
 * says so instead of the added models silently vanishing).
 */
export function readCustomModels(db: Db): { models: ModelSpec[]; problem: string | null } {
  const text = getMeta(db, CUSTOM);
  if (text === undefined) return { models: [], problem: null };
  const damaged = (why: string) => ({
    models: [],
    problem: `The list of embedding models added to this database is damaged (${why}), so only the built-in models are offered. Load the model folders again to list them.`,
  });
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return damaged(`not valid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(v)) return damaged('not a list');
  const bad = v.findIndex((m) => typeof m !== 'object' || m === null || typeof (m as ModelSpec).id !== 'string' || typeof (m as ModelSpec).source !== 'object');
  if (bad >= 0) return damaged(`entry ${bad + 1} is not a model`);
  return { models: v as ModelSpec[], problem: null };
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
