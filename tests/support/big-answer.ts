/**
 * A provider's answer of `totalBytes` (a JSON string that never seems to end), pulled chunk by
 * chunk only as its reader asks: `pulled()` says how much of it the client read before it stopped.
 */
export function bigAnswer(totalBytes: number, status = 200) {
  const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
  let pulled = 0;
  return {
    pulled: () => pulled,
    response: () =>
      new Response(
        new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              if (pulled === 0) controller.enqueue(new TextEncoder().encode('{"items":"'));
              if (pulled >= totalBytes) return controller.close();
              pulled += chunk.byteLength;
              controller.enqueue(chunk);
            },
          },
          { highWaterMark: 0 },
        ),
        { status, headers: { "Content-Type": "application/json" } },
      ),
  };
}
