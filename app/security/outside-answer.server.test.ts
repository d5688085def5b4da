import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AnswerTooLargeError, readAnswerJson, readAnswerLimited, readAnswerText } from "./outside-answer.server";

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A provider that answers without end, chunk after chunk, until the client closes the connection: the bytes it managed to send. */
async function endlessAnswer(): Promise<{ url: string; closed: Promise<number> }> {
  let resolveClosed: (sent: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let open = true;
    response.on("close", () => {
      open = false;
      resolveClosed(sent);
    });
    const pump = () => {
      while (open && response.write(chunk)) sent += chunk.length;
      if (open) response.once("drain", pump);
    };
    response.write('{"items":"');
    pump();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, closed };
}

describe("reading a provider's answer within a limit", () => {
  it("stops an endless answer at the limit and closes the connection, so the provider sends little more", async () => {
    const { url, closed } = await endlessAnswer();
    const limit = 256 * 1024;
    await expect(readAnswerLimited(await fetch(url), limit)).rejects.toBeInstanceOf(AnswerTooLargeError);
    // What the provider wrote before the close: the limit plus what the sockets' buffers held, never the endless rest.
    expect(await closed).toBeLessThan(16 * 1024 * 1024);
  });

  it("refuses an answer whose declared length is over the limit without reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    const response = new Response(body, { headers: { "Content-Length": String(10 * 1024 * 1024) } });
    await expect(readAnswerLimited(response, 1024 * 1024)).rejects.toBeInstanceOf(AnswerTooLargeError);
    expect(pulled).toBe(0);
  });

  it("reads an answer within the limit as bytes, text and JSON", async () => {
    const json = JSON.stringify({ items: [{ name: "KRA010", description: "Przy wejściu do sklepu Żabka" }] });
    expect(new TextDecoder().decode(await readAnswerLimited(new Response(json), 1024))).toBe(json);
    expect(await readAnswerText(new Response("Żabka"))).toBe("Żabka");
    expect(await readAnswerJson(new Response(json))).toEqual(JSON.parse(json));
    await expect(readAnswerJson(new Response("<html>"))).rejects.toBeInstanceOf(SyntaxError);
    await expect(readAnswerLimited(new Response("x".repeat(1025)), 1024)).rejects.toBeInstanceOf(AnswerTooLargeError);
  });
});
