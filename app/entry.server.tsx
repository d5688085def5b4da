import { Transform } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { env } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { startHousekeeping } from "~/admin/housekeeping.server";
import { applySecurityHeaders, createNonce } from "~/security/headers.server";
import { NonceProvider } from "~/security/nonce";
import { trackingCspFor } from "~/tracking/events.server";

// Open the database and run its migrations at start-up, before the first request; then start
// the back office's housekeeping (reminders, unpaid cancellations, anonymisation) once per process.
startHousekeeping(getDb());

const ABORT_DELAY_MS = 5_000;
const isDevelopment = env.NODE_ENV === "development";

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = createNonce();
  // The configured pixels' hosts, unless the visitor rejected them (docs/decisions/005-consent-and-tracking.md).
  applySecurityHeaders(responseHeaders, { nonce, isDevelopment, ...(await trackingCspFor(request)) });
  // Crawlers get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = withoutTrailingNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell was sent are already shown by the error boundary; log them once here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
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
