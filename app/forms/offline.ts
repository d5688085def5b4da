/**
 * A clientAction's answer when the request never reached the server (offline, dropped
 * connection). The page shows a message and keeps every value; nothing else may try the
 * network again on its behalf: the root's revalidation after such an answer would fail
 * too and replace the whole page with the error screen.
 */
export type OfflineResult = { offline: true };

export function isOfflineResult(value: unknown): value is OfflineResult {
  return typeof value === "object" && value !== null && (value as { offline?: unknown }).offline === true;
}

/** A fetch that failed before any answer: the browser throws a TypeError. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
