import { describe, expect, it } from 'vitest';
import { openSqlite, withStatementCache } from './database.js';

function fixture(size?: number) {
  const sqlite = openSqlite(':memory:');
  sqlite.exec('create table t (id integer primary key, v text)');
  sqlite.exec("insert into t (v) values ('a'), ('b'), ('c')");
  return { sqlite, db: withStatementCache(sqlite, size) };
}

describe('the SQLite statement cache', () => {
  it('hands out the compiled statement again for the same SQL, with the same results', () => {
    const { db } = fixture();
    const first = db.prepare('select v from t where id = ?');
    expect(first.all([2])).toEqual([{ v: 'b' }]);
    const again = db.prepare('select v from t where id = ?');
    expect(again).toBe(first);
    expect(again.all([3])).toEqual([{ v: 'c' }]);
    expect(db.prepare('select v from t where id > ?')).not.toBe(first);
  });

  it('a statement stepping through a streamed result is not handed out: that query gets its own', () => {
    const { db } = fixture();
    const sql = 'select v from t order by id';
    const streaming = db.prepare(sql).iterate([]);
    expect(streaming.next().value).toEqual({ v: 'a' });
    const other = db.prepare(sql);
    expect(other.all([])).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    expect([...streaming]).toEqual([{ v: 'b' }, { v: 'c' }]);
    // Done streaming, the cached one serves again.
    expect(db.prepare(sql).all([])).toHaveLength(3);
  });

  it('keeps the most recently used statements up to its size', () => {
    const { db } = fixture(2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a); // 1 is now the most recent
    db.prepare('select 3'); // drops 2, the least recently used
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
  });

  it('a cached statement still answers right after the schema changed', () => {
    const { sqlite, db } = fixture();
    const select = db.prepare('select * from t where id = ?');
    expect(select.all([1])).toEqual([{ id: 1, v: 'a' }]);
    sqlite.exec("alter table t add column w text default 'x'");
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, v: 'a', w: 'x' }]);
  });

  it('writes through a cached statement', () => {
    const { db } = fixture();
    const insert = db.prepare('insert into t (v) values (?)');
    expect(insert.run(['d']).changes).toBe(1);
    expect(db.prepare('insert into t (v) values (?)').run(['e']).changes).toBe(1);
    expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 5 }]);
  });
});
