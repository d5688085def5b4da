import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Where the islands bundle's entry is: scripts/build-islands.js writes its hashed URL to
 * public/islands/manifest.json (public/ is what remix-serve serves, from the working
 * directory). Read once in production; on every request in development, where the build
 * watches and rewrites it.
 */
const MANIFEST_PATH = join(process.cwd(), "public", "islands", "manifest.json");

let cached: string | null | undefined;
let reportedMissing = false;

export function islandsEntryUrl(): string | null {
  if (cached !== undefined && process.env.NODE_ENV === "production") return cached;
  try {
    const manifest = JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as { entry?: unknown };
    cached = typeof manifest.entry === "string" ? manifest.entry : null;
  } catch {
    cached = null;
  }
  // The page still works without its islands (they are enhancements), but the build is incomplete.
  if (cached === null && !reportedMissing) {
    reportedMissing = true;
    console.error(`No islands bundle at ${MANIFEST_PATH}: run the project's build (npm run build). Islands pages load no script until then.`);
  }
  return cached;
}
