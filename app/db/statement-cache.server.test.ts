import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.server";

type Row = { id: Generated<number>; name: string };

describe("the SQLite statement cache", () => {
  const opened: SQLite.Database[] = [];
  afterEach(() => opened.splice(0).forEach((connection) => connection.close()));

  function database(size?: number) {
    const connection = new SQLite(":memory:");
    opened.push(connection);
    connection.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    const compiled: string[] = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((source: string) => {
      compiled.push(source);
      return prepare(source);
    }) as typeof connection.prepare;
    const db = new Kysely<{ people: Row }>({ dialect: new SqliteDialect({ database: withStatementCache(connection, size) }) });
    return { db, compiled };
  }

  it("compiles a query once however often it runs, with each run's own values", async () => {
    const { db, compiled } = database();
    for (const name of ["Anna", "Jan", "Ola"]) await db.insertInto("people").values({ name }).execute();
    const names = [];
    for (const id of [1, 2, 3])
      names.push((await db.selectFrom("people").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name);
    expect(names).toEqual(["Anna", "Jan", "Ola"]);
    expect(compiled).toHaveLength(2);
  });

  it("keeps at most its size, dropping the oldest", async () => {
    const { db, compiled } = database(2);
    const count = (limit: number) => sql<{ n: number }>`SELECT ${sql.raw(String(limit))} AS n`.execute(db);
    await count(1);
    await count(2);
    await count(3); // drops 1
    await count(2);
    await count(1); // compiled again
    expect(compiled.map((source) => source.replace("SELECT ", "").replace(" AS n", ""))).toEqual(["1", "2", "3", "1"]);
  });
});
