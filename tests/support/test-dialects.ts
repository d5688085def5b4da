/** Both databases the app supports; database tests run once per entry (describe.each). */
export const ALL_DIALECTS = ["sqlite", "postgres"] as const;
export type Dialect = (typeof ALL_DIALECTS)[number];

/**
 * The dialects this run tests: all of them, or those named in TEST_DIALECTS (comma-separated), so
 * `npm run test:fast` can skip PostgreSQL. A name the app does not know stops the run rather than
 * testing nothing.
 */
export function selectedDialects(setting = process.env.TEST_DIALECTS): readonly Dialect[] {
  if (!setting?.trim()) return ALL_DIALECTS;
  const names = setting.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(ALL_DIALECTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`TEST_DIALECTS names ${unknown.join(", ")}; the dialects are ${ALL_DIALECTS.join(", ")}`);
  return ALL_DIALECTS.filter((dialect) => names.includes(dialect));
}
