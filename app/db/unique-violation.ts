/**
 * Tells whether a write failed on a UNIQUE constraint over exactly these columns, on either
 * driver. SQLite (better-sqlite3) reports `SQLITE_CONSTRAINT_UNIQUE` and names the columns
 * in the message ("UNIQUE constraint failed: orders.a, orders.b"); PostgreSQL (pg) reports
 * SQLSTATE 23505 and the constraint's name, which for our tables is the default
 * `<table>_<columns>_key` (see app/db/migrations.ts).
 */
export function isUniqueViolation(error: unknown, table: string, columns: readonly string[]): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === "SQLITE_CONSTRAINT_UNIQUE") {
    const failed = error.message.replace(/^UNIQUE constraint failed: /, "");
    return failed === columns.map((column) => `${table}.${column}`).join(", ");
  }
  if (code === "23505") return constraint === `${table}_${columns.join("_")}_key`;
  return false;
}
