import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { I18nextProvider } from "react-i18next";
import { sql } from "kysely";
import { deferAppScriptsIn } from "~/render/defer-app-scripts.server";
import { createPageCache } from "~/render/page-cache.server";
import { renderDocument } from "~/render/render-document.server";
import { env } from "~/config/env.server";
import { databaseReady, getDb } from "~/db/db.server";
import { i18nextForRender, localeOf } from "~/i18n/i18n.server";
import { warmUpPdfRendering } from "~/documents/pdf.server";
import { startMailWorker } from "~/mail/mail-worker.server";
import { configuredRateLimits } from "~/server/rate-limits.server";
import { createRequestActivity } from "~/server/request-activity.server";
import { createRequestScreen, installRequestGuard } from "~/server/request-guard.server";
import { stopGracefully } from "~/server/shutdown.server";
import { startHousekeeping } from "~/admin/housekeeping.server";
import { isBackOfficePath } from "~/admin/paths";
import { applySecurityHeaders, createNonce } from "~/security/headers.server";
import { NonceProvider } from "~/security/nonce";
import { trackingCspFor } from "~/tracking/events.server";

// Open the database and run its migrations before the first request (a bad database stops the boot).
await databaseReady();

const isDevelopment = env.NODE_ENV === "development";
const requestActivity = createRequestActivity();
// Documents every visitor sees alike, kept briefly and answered before Remix (docs/decisions/023).
const pageCache = createPageCache({ ttlSeconds: isDevelopment ? 0 : env.PAGE_CACHE_SECONDS });

// Health checks, HSTS, cross-site POSTs, oversized bodies and rate limits are answered
// before remix-serve's app sees a request (decisions 018 and 019).
installRequestGuard(
  createRequestScreen({
    rateLimits: env.RATE_LIMIT_DISABLED ? null : configuredRateLimits(),
    checkDatabase: async () => {
      await sql`select 1`.execute(getDb());
    },
    hsts: env.SITE_URL.startsWith("https:"),
    trustedProxies: env.TRUST_PROXY,
    activity: requestActivity,
    pageCache,
  }),
);

// Send the e-mails the outbox holds (docs/decisions/015) in the moments no request is
// being answered, and stop gracefully on SIGTERM.
const mailWorker = startMailWorker(getDb(), requestActivity);
setTimeout(() => void warmUpPdfRendering().catch((error: unknown) => console.error("[pdf] warm-up failed", error)), 0).unref();
stopGracefully({ mailWorker });

// The back office's housekeeping (reminders, unpaid cancellations, anonymisation); one
// process per period does the work through a lease in job_runs (docs/decisions/016).
startHousekeeping(getDb());

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = createNonce();
  // The configured pixels' hosts, unless the visitor rejected them (docs/decisions/005-consent-and-tracking.md).
  const pixelSources = isBackOfficePath(new URL(request.url).pathname) ? {} : await trackingCspFor(request);
  applySecurityHeaders(responseHeaders, { nonce, isDevelopment, ...pixelSources });
  const { status, body } = await renderDocument(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18nextForRender(await localeOf(request))}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
    { nonce, status: responseStatusCode, abortDelayMs: ABORT_DELAY_MS },
  );
  // The first paint before the app's JavaScript is requested (not under remix dev, whose live reload it would delay).
  const document = isDevelopment ? body : deferAppScriptsIn(body);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  pageCache.remember(request, { status, headers: responseHeaders, body: document, nonce });
  return new Response(document, { status, headers: responseHeaders });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers, { isDevelopment });
  return response;
};

/** Logs real failures only: aborted requests and 4xx answers (a POST to a page without a form, say) are not bugs. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
