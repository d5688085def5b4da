import { request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer } from "./http-server.server";

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(log: (line: string) => void = () => undefined, { headersTimeoutMs }: { headersTimeoutMs?: number } = {}) {
  server = createHttpServer((_request, response) => response.end("ok"), { connectionsPerAddress: 50, log, headersTimeoutMs });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A client that sends half a request's headers from `localAddress` (or nothing at all) and then waits: a slow client. */
function slowClient(
  port: number,
  localAddress: string,
  sends = "GET / HTTP/1.1\r\nHost: x\r\n",
): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress }, () => {
      if (sends) socket.write(sends);
      resolve({ socket, closed });
    });
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    // Reads what the server sends (its 408), so that the server closing the connection is seen.
    socket.resume();
    socket.on("error", () => undefined);
    socket.once("error", reject);
    sockets.push(socket);
  });
}

function get(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, host: "127.0.0.1", path: "/healthz", agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve(body));
    })
      .on("error", reject)
      .end();
  });
}

describe("createHttpServer", () => {
  it("keeps at most 50 connections per address, says so in the log once, and answers others meanwhile", async () => {
    const lines: string[] = [];
    const port = await start((line) => lines.push(line));
    const clients = await Promise.all(Array.from({ length: 60 }, () => slowClient(port, "127.0.0.2")));
    let closed = 0;
    for (const client of clients) void client.closed.then(() => (closed += 1));
    await expect.poll(() => closed).toBe(10);
    expect(lines).toEqual(["[server] connection cap: 127.0.0.2 holds 50 open connections; closing further ones"]);
    // Other addresses, with their own slow connections open, are still answered.
    await Promise.all(["127.0.0.3", "127.0.0.4"].flatMap((address) => Array.from({ length: 50 }, () => slowClient(port, address))));
    expect(await get(port)).toBe("ok");
  });

  it("closes a connection whose headers do not arrive in time, or that never says a word", async () => {
    // A second instead of the site's 10 s (HEADERS_TIMEOUT_MS): the same two timers, sooner.
    const port = await start(undefined, { headersTimeoutMs: 1_000 });
    const halfHeaders = await slowClient(port, "127.0.0.5");
    const silent = await slowClient(port, "127.0.0.5", "");
    await Promise.all([halfHeaders.closed, silent.closed]);
    expect(await get(port)).toBe("ok");
  });
});
