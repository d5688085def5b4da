import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const DEBIAN_ROOT = "/usr/lib/postgresql";

/**
 * The folder that holds every one of `programs` (pg_dump, initdb …): `override` when given,
 * else the newest `/usr/lib/postgresql/<version>/bin` (Debian's layout, where each major
 * version's tools sit apart and /usr/bin holds only a wrapper). Undefined when none does.
 */
export function findPostgresBinaries(programs: readonly string[], override?: string): string | undefined {
  const candidates = override
    ? [override]
    : existsSync(DEBIAN_ROOT)
      ? readdirSync(DEBIAN_ROOT)
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join(DEBIAN_ROOT, version, "bin"))
      : [];
  return candidates.find((folder) => programs.every((program) => existsSync(join(folder, program))));
}
