import type { AppLoadContext } from "@remix-run/node";
import { documentsOnThisThread } from "~/jobs/document-thread.server";
import { createServices } from "~/load-context.server";
import { createPageCache } from "~/server/page-cache.server";

/**
 * The load context server.ts hands to Remix, for a test that calls a loader or an action itself:
 * the outside services built from the test's settings (none: each is off, as on a fresh clone),
 * PDFs drawn on this thread, and a page cache that keeps nothing. `parts` replaces any of them.
 */
export function testLoadContext(parts: Partial<AppLoadContext> = {}): AppLoadContext {
  return { pageCache: createPageCache({ ttlSeconds: 0 }), documents: documentsOnThisThread, services: createServices(), ...parts };
}
