import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres";
import { selectedDialects } from "./test-dialects";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of the run's private PostgreSQL cluster (tests/support/postgres.ts). */
    postgresUrl: string;
  }
}

/** One cluster per `vitest run`; tests make their own databases in it (tests/support/test-databases.ts). None when TEST_DIALECTS leaves PostgreSQL out. */
export default async function setup(project: TestProject) {
  if (!selectedDialects().includes("postgres")) return;
  const postgres = await startPostgres();
  project.provide("postgresUrl", postgres.url);
  return () => postgres.stop();
}
