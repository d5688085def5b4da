/**
 * The order in which the document thread draws (docs/decisions/061). The thread draws one document at
 * a time; this queue, on the main thread, decides which is next:
 * - two lanes, taken in turn: the mail worker's documents (and the warm-up's, and the back office's)
 *   and customers' downloads. A confirmation waits behind at most one download, however many are queued;
 * - within the downloads, each client in turn, and at most DOWNLOADS_PER_CLIENT of one client's waiting
 *   or being drawn: one client's hundreds of requests are a small share, not a wall in front of everyone;
 * - at most DOWNLOADS_WAITING downloads waiting in all; beyond either bound a download is refused at
 *   once (DocumentsBusyError, answered 503 with Retry-After) instead of waiting for seconds;
 * - a download whose request has gone (the client closed the connection: the request's signal) leaves
 *   the queue and is never drawn.
 */

/** Downloads one client may have waiting or being drawn at once. */
export const DOWNLOADS_PER_CLIENT = 2;
/** Downloads waiting in all, every client together: about two seconds of drawing on today's host. */
export const DOWNLOADS_WAITING = 20;
/** What a refused download is told: long enough for the queue to drain, short enough for a person. */
export const DOCUMENTS_RETRY_AFTER_SECONDS = 5;

/** A drawing asked for by a request: whose it is (the client's address) and whether the request is still there. */
export type Download = { client: string; signal: AbortSignal };

/** The queue is full, or this client already has its share: try again in `retryAfterSeconds`. */
export class DocumentsBusyError extends Error {
  readonly retryAfterSeconds = DOCUMENTS_RETRY_AFTER_SECONDS;
  constructor(client: string) {
    super(`the document thread is busy (client ${client})`);
    this.name = "DocumentsBusyError";
  }
}

/** The request went away before its document was drawn; nobody is waiting for it. */
export class DownloadGoneError extends Error {
  constructor() {
    super("the request went away before its document was drawn");
    this.name = "DownloadGoneError";
  }
}

type Entry<Job, Result> = {
  job: Job;
  download: Download | null;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  leave?: () => void;
};

export type DocumentQueueLimits = { perClient: number; waiting: number };

/**
 * Runs `draw` one job at a time in the order above. `submit` without a download puts the job in the
 * mail worker's lane, which is never refused.
 */
export function createDocumentQueue<Job, Result>(
  draw: (job: Job) => Promise<Result>,
  limits: DocumentQueueLimits = { perClient: DOWNLOADS_PER_CLIENT, waiting: DOWNLOADS_WAITING },
) {
  const background: Entry<Job, Result>[] = [];
  const downloads = new Map<string, Entry<Job, Result>[]>();
  const heldByClient = new Map<string, number>();
  // When each client present was last given a turn: the waiting client served longest ago goes next.
  const lastTurn = new Map<string, number>();
  let turns = 0;
  let waitingDownloads = 0;
  let drawing = false;
  let lastLane: "background" | "downloads" = "downloads";

  const release = (client: string) => {
    const held = (heldByClient.get(client) ?? 1) - 1;
    if (held > 0) {
      heldByClient.set(client, held);
    } else {
      heldByClient.delete(client);
      lastTurn.delete(client);
    }
  };

  const takeDownload = (): Entry<Job, Result> | undefined => {
    let chosen: string | undefined;
    for (const client of downloads.keys())
      if (chosen === undefined || (lastTurn.get(client) ?? -1) < (lastTurn.get(chosen) ?? -1)) chosen = client;
    if (chosen === undefined) return undefined;
    const entries = downloads.get(chosen)!;
    const entry = entries.shift()!;
    if (entries.length === 0) downloads.delete(chosen);
    lastTurn.set(chosen, turns++);
    waitingDownloads -= 1;
    return entry;
  };

  const next = (): Entry<Job, Result> | undefined => {
    const preferDownloads = lastLane === "background";
    const entry = preferDownloads ? (takeDownload() ?? background.shift()) : (background.shift() ?? takeDownload());
    if (entry) lastLane = entry.download ? "downloads" : "background";
    return entry;
  };

  const pump = () => {
    if (drawing) return;
    const entry = next();
    if (!entry) return;
    drawing = true;
    entry.leave?.();
    draw(entry.job)
      .then(entry.resolve, (error: unknown) => entry.reject(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        drawing = false;
        if (entry.download) release(entry.download.client);
        pump();
      });
  };

  const submit = (job: Job, download: Download | null = null): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      const entry: Entry<Job, Result> = { job, download, resolve, reject };
      if (!download) {
        background.push(entry);
        return pump();
      }
      const { client, signal } = download;
      if (signal.aborted) return reject(new DownloadGoneError());
      if ((heldByClient.get(client) ?? 0) >= limits.perClient || waitingDownloads >= limits.waiting)
        return reject(new DocumentsBusyError(client));
      heldByClient.set(client, (heldByClient.get(client) ?? 0) + 1);
      waitingDownloads += 1;
      const waiting = downloads.get(client);
      if (waiting) waiting.push(entry);
      else downloads.set(client, [entry]);
      const onAbort = () => {
        const entries = downloads.get(client) ?? [];
        const at = entries.indexOf(entry);
        if (at === -1) return;
        entries.splice(at, 1);
        if (entries.length === 0) downloads.delete(client);
        waitingDownloads -= 1;
        release(client);
        reject(new DownloadGoneError());
      };
      signal.addEventListener("abort", onAbort, { once: true });
      entry.leave = () => signal.removeEventListener("abort", onAbort);
      pump();
    });

  return { submit, waiting: () => background.length + waitingDownloads };
}
