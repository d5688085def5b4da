/**
 * The site's process: one HTTP server, the server layer in front of Remix, and the work that
 * runs beside the requests. Remix compiles this file together with the app (remix.config.js
 * `server`), so both share one module graph: one database connection, one page cache.
 * `npm start` runs it as build/index.js; `npm run dev` restarts it on every rebuild
 * (docs/decisions/024).
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import * as build from "@remix-run/dev/server-build";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type AppLoadContext } from "@remix-run/node";
import { startHousekeeping } from "~/jobs/housekeeping.server";
import { configurationWarnings, env } from "~/config/env.server";
import { checkDatabaseReadable } from "~/db/health.server";
import { databaseReady, getDb } from "~/db/db.server";
import { isDocumentThread, serveDocumentJobs, startDocumentThread } from "~/jobs/document-thread.server";
import { pathTemplates } from "~/log/path-template";
import { createServices } from "~/load-context.server";
import { log } from "~/log/log.server";
import { startKsefLane } from "~/jobs/ksef-lane.server";
import { startMailWorker } from "~/jobs/mail-worker.server";
import { refreshSearchText } from "~/order/search-text.server";
import { createPageCache } from "~/server/page-cache.server";
import { createNonce } from "~/security/headers.server";
import { siteOrigins } from "~/security/same-origin.server";
import { CONNECTIONS_PER_ADDRESS, createHttpServer } from "~/server/http-server.server";
import { configuredRateLimits } from "~/server/rate-limits.server";
import type { RateLimited } from "~/server/rate-limit-screen.server";
import { createRequestActivity } from "~/server/request-activity.server";
import { createServerApp } from "~/server/server-app.server";
import { stopGracefully } from "~/server/shutdown.server";
import { warmUpBeforeListening } from "~/jobs/warm-up.server";

const isDevelopment = env.NODE_ENV === "development";

// The same bundle also runs as the process's document thread (docs/decisions/038): it draws PDFs, and serves nothing else.
if (isDocumentThread()) serveDocumentJobs();
else await serveTheSite();

async function serveTheSite(): Promise<void> {
  // Settings that work but should change (a KSeF key others can read, a KSeF token near its end): said once, at start.
  for (const warning of configurationWarnings) log.warn(warning);
  // Open the database and run its migrations before listening (a bad database stops the boot).
  await databaseReady();
  // The order domain's own start-up: search columns written with an older key are rewritten before the first search.
  await refreshSearchText(getDb());

  const activity = createRequestActivity();
  // Documents every visitor sees alike, kept briefly (docs/decisions/023 and 025); off under npm run dev.
  const pageCache = createPageCache({ ttlSeconds: isDevelopment ? 0 : env.PAGE_CACHE_SECONDS });

  // PDFs are drawn on a thread of their own (docs/decisions/038): the mail worker's, the agreement route's and the back office's exports (through the load context).
  const documents = startDocumentThread(new URL(import.meta.url));
  // The outside services' clients, built once (docs/decisions/077): the routes get them in the load context, the workers below as arguments.
  const services = createServices();
  const loadContext: AppLoadContext = { pageCache, documents, services };
  const app = createServerApp({
    // Per request only what the rate-limit screen let through over the limit (docs/decisions/086).
    remix: createRequestHandler({
      build,
      mode: build.mode,
      getLoadContext: (_request, response) => ({
        ...loadContext,
        rateLimited: (response.locals.rateLimited as RateLimited | undefined) ?? null,
      }),
    }),
    checkDatabase: checkDatabaseReadable,
    siteUrl: env.SITE_URL,
    allowedOrigins: siteOrigins(),
    trustedProxies: env.TRUST_PROXY,
    rateLimits: env.RATE_LIMIT_DISABLED ? null : configuredRateLimits(),
    rateLimitExempt: new Set(env.RATE_LIMIT_EXEMPT),
    pageCache,
    createNonce,
    activity,
    files: { publicPath: build.publicPath, assetsBuildDirectory: resolve(build.assetsBuildDirectory), publicDirectory: resolve("public") },
    pathTemplate: pathTemplates(
      [...Object.values(build.routes).map((route) => route.path ?? ""), "healthz", ...filesIn("public")],
      build.publicPath,
    ),
  });

  // The first visitors after a start are answered as fast as later ones (docs/decisions/035).
  if (!isDevelopment && env.WARM_UP) await warmUpBeforeListening(build, loadContext, env.SITE_URL, documents);

  // Behind a proxy every connection is the proxy's: the per-address cap is then the proxy's job.
  const server = createHttpServer(app, { connectionsPerAddress: env.TRUST_PROXY === 0 ? CONNECTIONS_PER_ADDRESS : null });
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST;
  server.listen(port, host, () => {
    log.info({ port, host: host ?? "localhost" }, "listening");
    // Under `remix dev` (which sets REMIX_DEV_ORIGIN): the new build is up, the open pages may reload.
    if (isDevelopment && process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(build);
  });

  const retries = { firstRetryMs: env.OUTBOX_FIRST_RETRY_SECONDS * 1000 };
  // Send the e-mails the outbox holds (docs/decisions/015) in the moments no request is being answered.
  const mailWorker = startMailWorker(getDb(), activity, documents, services.mail, retries);
  // Send invoices to KSeF (docs/decisions/050) in a lane of their own, when KSeF is configured.
  const ksefLane = startKsefLane(getDb(), services.ksef, retries);
  // The back office's housekeeping; one process per period does the work through a lease (docs/decisions/016).
  startHousekeeping(getDb(), services);
  stopGracefully({ server, mailWorker, ksefLane });
}

/** The paths of the files public/ serves ("images/hero.webp"): each is its own route in the access log. */
function filesIn(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => resolve(entry.parentPath, entry.name).slice(resolve(directory).length + 1));
}
