// Dataview's file.day, found missing by a tester on the Dataview example
// vault: `fields` showed it null and {"file.day": {"$gte": "2022-01-01"}}
// matched nothing for daily notes such as dailys/2022-01-03.md. A `date` or
// `day` field (any case) whose value is a date or a link to one, else a
// yyyy-mm-dd or yyyymmdd date in the file name (worker/ingest/file-day.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createEngine } from '../engine';
import { openMemoryDb } from '../db/open-node';
import { memorySource } from '../ingest/source';
import { rederiveIfStale } from '../ingest/derivation';
import { extractDay } from '../ingest/file-day';
import { engineWith, ok } from '../test/make-engine';

const VAULT = {
  'dailys/2022-01-03.md': '# Monday\n\nwentToSleep:: 23:30\n',
  'dailys/2022-01-04 Tuesday.md': 'A day.\n',
  'journal/20220105.md': 'Plain digits.\n',
  'Meeting.md': '---\ndate: 2022-02-10\n---\nNotes.\n',
  // A date field wins over the name, as in Dataview.
  'Trip 2022-03-01.md': '---\nDay: 2021-12-31T09:00\n---\n',
  'Inline.md': 'day:: 2022-04-01\n',
  'Link.md': '---\ndate: "[[2022-05-06]]"\n---\n',
  // Not a date: the name decides; no date on the calendar: none.
  'Words 2022-06-07.md': '---\ndate: soon\n---\n',
  'No date.md': 'Nothing.\n',
  'Bad 2022-02-30.md': 'Nothing.\n',
};

const DAYS: Record<string, string | null> = {
  'Bad 2022-02-30.md': null,
  'Inline.md': '2022-04-01',
  'Link.md': '2022-05-06',
  'Meeting.md': '2022-02-10',
  'No date.md': null,
  'Trip 2022-03-01.md': '2021-12-31',
  'Words 2022-06-07.md': '2022-06-07',
  'dailys/2022-01-03.md': '2022-01-03',
  'dailys/2022-01-04 Tuesday.md': '2022-01-04',
  'journal/20220105.md': '2022-01-05',
};

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith(VAULT, 'dv');
});

const found = async (filters: unknown) => ok(await engine.call('find', { filters })).results.map((r) => r.path).sort();

describe('file.day', () => {
  it('takes a date from a name as Dataview does', () => {
    expect(extractDay('2022-01-03 Monday')).toBe('2022-01-03');
    expect(extractDay('Daily 20220103')).toBe('2022-01-03');
    expect(extractDay('v1.2.3')).toBeNull();
  });

  it('is shown in fields, and sorts', async () => {
    const rows = ok(await engine.call('find', { fields: ['file.day'], sort: [{ field: 'file.day' }] })).results;
    expect(Object.fromEntries(rows.map((r) => [r.path, r.fields['file.day']]))).toEqual(DAYS);
    expect(rows.map((r) => r.path).slice(0, 3)).toEqual(['Trip 2022-03-01.md', 'dailys/2022-01-03.md', 'dailys/2022-01-04 Tuesday.md']);
    const hit = ok(await engine.call('search', { query: 'Monday', fields: ['file.day'] })).results[0];
    expect(hit.fields).toEqual({ 'file.day': '2022-01-03' });
  });

  it('is filtered as a date', async () => {
    expect(await found({ 'file.day': { $gte: '2022-01-01', $lt: '2022-01-06' } })).toEqual(['dailys/2022-01-03.md', 'dailys/2022-01-04 Tuesday.md', 'journal/20220105.md']);
    expect((await found({ 'file.day': { $gte: '2022-01-01' } })).length).toBe(7);
    expect(await found({ 'file.day': '2022-02-10' })).toEqual(['Meeting.md']);
    expect(await found({ 'file.day': null })).toEqual(['Bad 2022-02-30.md', 'No date.md']);
  });

  it('is listed by the fields tool as a date that some notes have', async () => {
    const day = ok(await engine.call('fields', { prefix: 'file.day' })).fields;
    expect(day).toHaveLength(1);
    expect(day[0]).toMatchObject({ key: 'file.day', file: true, notes: 8, types: { date: 8 } });
    expect(day[0].operators).toContain('$gte');
  });

  it('is worked out for notes stored before it existed (derivation 9)', async () => {
    const db = await openMemoryDb();
    const e = createEngine(db);
    await e.importSource(memorySource('v', { 'dailys/2022-01-03.md': 'x\n' }));
    db.run('UPDATE entries SET day = NULL');
    db.run('UPDATE derivation SET version = 8');
    expect(rederiveIfStale(db)).toBe(true);
    expect(ok(await e.call('find', { filters: { 'file.day': '2022-01-03' } })).total).toBe(1);
  });
});
