// Ids read as one group_concat string come back as SQLite stored them.
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from './open-node';
import { parseIdList } from './id-list';

describe('parseIdList', () => {
  it('gives back the ids of a group_concat, in its order, for every size of id SQLite hands out', async () => {
    const db = await openMemoryDb({ migrate: false });
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, g INTEGER NOT NULL)');
    const ids = [0, 1, 7, 9, 10, 99, 100, 65535, 65536, 1_000_000, 2 ** 31 - 1];
    for (let i = 0; i < 500; i++) ids.push(11 + i * 37);
    ids.forEach((id, i) => db.run('INSERT INTO t (id, g) VALUES (?, ?)', [id, i % 3]));
    for (const where of ['1', 'g = 0', 'id = 65536', 'id = 0', 'g = 9']) {
      const expected = db.column<number>(`SELECT id FROM t WHERE ${where} ORDER BY id DESC`);
      const text = db.get<{ s: string | null }>(`SELECT group_concat(id) AS s FROM (SELECT id FROM t WHERE ${where} ORDER BY id DESC LIMIT -1)`)!.s;
      expect([...parseIdList(text)], where).toEqual(expected);
    }
    db.close();
  });

  it('reads nothing from no string', () => {
    expect(parseIdList(null).length).toBe(0);
    expect(parseIdList('').length).toBe(0);
  });
});
