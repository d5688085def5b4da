import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { errorFields, log } from "~/log/log.server";

/**
 * Renders the whole document into one buffer, which entry.server answers with (and the
 * page cache may keep).
 *
 * No page defers data, so streaming gains nothing: the first byte waits for the loaders
 * either way. The one Suspense boundary (the FAQ's lazily loaded accordion,
 * docs/decisions/027) renders only in the browser after hydration; should a boundary ever
 * suspend here, onAllReady still waits for it, so the buffered HTML is complete. Sent as a
 * stream, React flushes ~32 chunks of 2 KB that the compression middleware handles one by
 * one; one buffer measured +43% requests a second with gzip and halves the gzipped HTML
 * (docs/performance.md, docs/decisions/014). Crawlers and browsers get the same document.
 */
export function renderDocument(
  element: ReactElement,
  options: { nonce: string; status: number; abortDelayMs: number },
): Promise<{ status: number; body: Buffer<ArrayBuffer> }> {
  return new Promise((resolve, reject) => {
    let status = options.status;
    let shellFailed = false;
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      onAllReady() {
        pipe(
          new Writable({
            // React aborts its render when its destination closes; once the whole document is
            // written there is nothing left to abort, and each abort built an error.
            emitClose: false,
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(withoutTrailingNulBytes(chunk));
              callback();
            },
            final(callback) {
              clearTimeout(abortTimer);
              resolve({ status, body: Buffer.concat(chunks) });
              callback();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        shellFailed = true;
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // A failure inside the shell is shown by the error boundary; log it once here.
        if (!shellFailed) log.error(errorFields(error), "render failed");
      },
    });
    // React starts rendering in a later turn (setImmediate), so this is set before final() reads it.
    const abortTimer = setTimeout(abort, options.abortDelayMs).unref();
  });
}

/**
 * React 18.3's renderToPipeableStream can end a 2 KB chunk with unused zero bytes when a
 * multi-byte character (Polish, Ukrainian, Russian text) does not fit its buffer
 * (facebook/react#24985, fixed only in React 19). Browsers show each NUL as "�" inside
 * the text, so they are dropped per chunk. Real HTML never contains a raw NUL byte.
 */
function withoutTrailingNulBytes(chunk: Buffer): Buffer {
  let end = chunk.length;
  while (end > 0 && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}
