import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { I18nextProvider } from "react-i18next";
import { cacheStatus } from "~/server/page-cache.server";
import { renderDocument } from "~/render/render-document.server";
import { isShareableHandle } from "~/render/shareable";
import { env } from "~/config/env.server";
import { ERROR_STRINGS } from "~/i18n/error-strings.server";
import { rememberErrorStrings } from "~/i18n/error-strings";
import { LOCALES } from "~/i18n/locales";
import { i18nextForRender, localeOf } from "~/i18n/i18n.server";
import { isBackOfficePath } from "~/components/admin/paths";
import { applySecurityHeaders, createNonce } from "~/security/headers.server";
import { NonceProvider } from "~/security/nonce";
import { trackingCspFor } from "~/tracking/events.server";
import { gatewayFormActions } from "~/payments/przelewy24-settings.server";
import { errorFields, log } from "~/log/log.server";

// The server process (server.ts) starts the database, the mail worker, housekeeping and the
// server layer in front of Remix (docs/decisions/024); this module only renders.
const isDevelopment = env.NODE_ENV === "development";
// An error before the root loader ran is drawn from these (app/i18n/error-strings.ts).
for (const locale of LOCALES) rememberErrorStrings(locale, ERROR_STRINGS[locale]);

/** Whether the page's own route declared SHAREABLE_PAGE in its handle (docs/decisions/025). */
function isShareablePage(remixContext: EntryContext): boolean {
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  return leaf !== undefined && isShareableHandle(remixContext.routeModules[leaf.route.id]?.handle);
}

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  // The configured pixels' hosts, unless the visitor rejected them (docs/decisions/005-consent-and-tracking.md).
  const pixelSources = isBackOfficePath(new URL(request.url).pathname) ? {} : await trackingCspFor(request);
  applySecurityHeaders(responseHeaders, { nonce, isDevelopment, ...pixelSources, extraFormActions: gatewayFormActions() });
  const { pageCache } = loadContext;
  const shareable = isShareablePage(remixContext);
  const cacheStatusOf = (answer: { status: number; body: Buffer }) =>
    pageCache ? pageCache.remember(request, { ...answer, headers: responseHeaders, nonce, shareable }) : cacheStatus.bypass("off");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method === "HEAD") {
    // Remix drops a HEAD answer's body: the loaders have given the status, so nothing is rendered only to be thrown away.
    responseHeaders.set("Cache-Status", cacheStatusOf({ status: responseStatusCode, body: Buffer.alloc(0) }));
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { status, body } = await renderDocument(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18nextForRender(await localeOf(request))}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
    { nonce, status: responseStatusCode, abortDelayMs: ABORT_DELAY_MS },
  );
  responseHeaders.set("Cache-Status", cacheStatusOf({ status, body }));
  return new Response(body, { status, headers: responseHeaders });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers, { isDevelopment });
  // A page's data is never kept: it follows the visitor (docs/decisions/025).
  response.headers.set("Cache-Status", cacheStatus.bypass("data"));
  return response;
};

/** Logs real failures only: aborted requests and 4xx answers (a POST to a page without a form, say) are not bugs. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error(errorFields(error), "request failed");
};
