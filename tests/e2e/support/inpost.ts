import type { ChildProcess } from "node:child_process";
import { INPOST_WEBHOOK_PATH } from "../../../app/server/provider-paths";
import { startStandInProcess } from "../../support/stand-ins.mjs";
import { startOwnSite, stoppedWithTheWorker, waitUntilUp } from "./own-server";

/** A site of a spec's own with the INPOST_* settings pointed at the InPost stand-in (tests/support/inpost-stand-in.mjs). */
export type InPostSite = { site: ChildProcess; standIn: ChildProcess; base: string; standInUrl: string };

/**
 * Starts the stand-in, then the site that uses it, and waits until the site answers. With `webhook`
 * the stand-in posts each status change to the site's webhook, as InPost does once it is set up.
 */
export async function startInPostSite(
  sitePort: number,
  standInPort: number,
  databasePath: string,
  options: { webhook?: boolean } = {},
): Promise<InPostSite> {
  const webhookUrl: Record<string, string> = options.webhook
    ? { INPOST_WEBHOOK_URL: `http://127.0.0.1:${sitePort}${INPOST_WEBHOOK_PATH}` }
    : {};
  // An exit before it listens (its port taken, say) fails the start at once.
  const started = await startStandInProcess("inpost", { port: standInPort, env: webhookUrl });
  const standIn = stoppedWithTheWorker(started.process);
  const standInUrl = started.url;
  const site = startOwnSite(sitePort, {
    DATABASE_PATH: databasePath,
    RATE_LIMIT_EXEMPT: "127.0.0.1",
    INPOST_POINTS_URL: standInUrl,
    INPOST_API_URL: standInUrl,
    INPOST_API_TOKEN: "stand-in-shipx-token",
    INPOST_ORGANIZATION_ID: "1234",
  });
  await waitUntilUp(sitePort, site);
  return { site, standIn, base: `http://127.0.0.1:${sitePort}`, standInUrl };
}
