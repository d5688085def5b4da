import { useMatches } from "@remix-run/react";

/** A page that waits for something (a payment's confirmation) says from its data how often to look again. */
export type NoScriptRefreshHandle = { noScriptRefreshSeconds?: (data: unknown) => number | null };

/**
 * Without JavaScript, a page that waits reloads itself with a meta refresh; inside <noscript>, a
 * browser running scripts ignores it and the page polls quietly instead (app/components/payment/OnlinePayment.tsx).
 */
export function NoScriptRefresh() {
  for (const match of useMatches()) {
    const seconds = (match.handle as NoScriptRefreshHandle | undefined)?.noScriptRefreshSeconds?.(match.data);
    if (seconds) {
      return (
        <noscript>
          <meta httpEquiv="refresh" content={String(seconds)} />
        </noscript>
      );
    }
  }
  return null;
}
