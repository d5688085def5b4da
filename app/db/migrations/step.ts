/** One schema change, with its SQL for both dialects written side by side so a reviewer sees they match. */
export type MigrationStep = { name: string; sqlite: string; postgres: string };
