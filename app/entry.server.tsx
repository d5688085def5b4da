import { Transform, Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { sql } from "kysely";
import { renderToPipeableStream } from "react-dom/server";
import { env } from "~/config/env.server";
import { databaseReady, getDb } from "~/db/db.server";
import { startMailWorker } from "~/mail/mail-worker.server";
import { configuredRateLimits } from "~/server/rate-limits.server";
import { createRequestScreen, installRequestGuard } from "~/server/request-guard.server";
import { stopGracefully } from "~/server/shutdown.server";
import { applySecurityHeaders, createNonce } from "~/security/headers.server";
import { NonceProvider } from "~/security/nonce";
import { trackingCspFor } from "~/tracking/events.server";

// Open the database and run its migrations before the first request (a bad database stops the boot).
await databaseReady();

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
  }),
);

// Send the e-mails the outbox holds (docs/decisions/015), and stop gracefully on SIGTERM.
const mailWorker = startMailWorker(getDb());
stopGracefully({ mailWorker });

const ABORT_DELAY_MS = 5_000;
const isDevelopment = env.NODE_ENV === "development";

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = createNonce();
  // The configured pixels' hosts, unless the visitor rejected them (docs/decisions/005-consent-and-tracking.md).
  applySecurityHeaders(responseHeaders, { nonce, isDevelopment, ...(await trackingCspFor(request)) });
  // The whole document is rendered, then sent in one piece (the app uses no Suspense):
  // remix-serve's compression then works on one buffer instead of ~32 small flushes.
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const collector = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    collector.on("finish", () => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(new Uint8Array(Buffer.concat(chunks)), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(withoutTrailingNulBytes()).pipe(collector);
        },
        onShellError(error: unknown) {
          failed = true;
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (!failed) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS).unref();
  });
}

/**
 * React 18.3's renderToPipeableStream can end a 2 KB chunk with unused zero bytes when a
 * multi-byte character (Polish, Ukrainian, Russian text) does not fit its buffer
 * (facebook/react#24985, fixed only in React 19). Browsers show each NUL as "�" inside
 * the text, so they are dropped here. Real HTML never contains a raw NUL byte.
 */
function withoutTrailingNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      while (end > 0 && chunk[end - 1] === 0) end--;
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
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
