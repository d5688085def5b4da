import { useLocation, useMatches } from "@remix-run/react";

/** A page that waits for something (a payment's confirmation) says from its data how often to look again. */
export type NoScriptRefreshHandle = { noScriptRefreshSeconds?: (data: unknown) => number | null };

/**
 * Without JavaScript, a page that waits reloads itself with a meta refresh; inside <noscript>, a
 * browser running scripts ignores it and the page polls quietly instead (app/customer-page/OnlinePayment.tsx).
 * It names the page's address without the fragment: a form may have brought the page there with one
 * (OnlinePayment's), and a refresh to the same address with its fragment only scrolls, it never reloads.
 */
export function NoScriptRefresh() {
  const { pathname, search } = useLocation();
  for (const match of useMatches()) {
    const seconds = (match.handle as NoScriptRefreshHandle | undefined)?.noScriptRefreshSeconds?.(match.data);
    if (seconds) {
      return (
        <noscript>
          <meta httpEquiv="refresh" content={`${seconds}; url=${pathname}${search}`} />
        </noscript>
      );
    }
  }
  return null;
}
