import Database from "better-sqlite3";

/** Rows read straight from a site's SQLite file, opened read-only for the one query (the site may be writing). */
export function sqliteRows(path: string, query: string): Array<{ [column: string]: unknown }> {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(query).all() as Array<{ [column: string]: unknown }>;
  } finally {
    db.close();
  }
}
