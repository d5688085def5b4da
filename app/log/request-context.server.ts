import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a piece of work is done for, carried along every await and callback that work
 * starts (Node's AsyncLocalStorage), so each log line it writes names the request: the page's
 * own lines, the payment gateway's, and later the e-mail and the PDFs it queued.
 */
export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function runForRequest<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request the caller works for, or undefined outside any request (a timer, housekeeping). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
