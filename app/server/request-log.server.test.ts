import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLog } from "~/log/log.server";
import { currentRequestId } from "~/log/request-context.server";
import { pathTemplates } from "~/log/path-template";
import { requestLog } from "./request-log.server";

type Line = Record<string, unknown>;

/** A logger writing into an array, as the process's logger writes to standard output. */
function capturedLog() {
  const lines: Line[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, log: createLog({ level: "debug", instance: "web-1", destination }) };
}

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the request log", () => {
  it("writes one line per request with its id, the route's template, status and time, and the same id on the lines its work writes", async () => {
    const { lines, log } = capturedLog();
    const app = express();
    app.use(requestLog(pathTemplates(["/platnosc/:token"], "/build/"), log));
    app.get("/platnosc/:token", async (_request, response) => {
      await nextTurn();
      // Work a timer turn away from the request still knows which request it serves.
      log.info({ order: 7 }, "payment page read");
      response.status(200).send(`request ${currentRequestId()}`);
    });

    const base = await serve(app);
    const first = await fetch(`${base}/platnosc/SecretToken123?email=anna@example.pl`);
    const second = await fetch(`${base}/platnosc/OtherToken456`);
    const firstId = first.headers.get("x-request-id");
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await first.text()).toBe(`request ${firstId}`);
    expect(second.headers.get("x-request-id")).not.toBe(firstId);
    await expect.poll(() => lines.filter((line) => line.msg === "request").length).toBe(2);

    const ofFirst = lines.filter((line) => line.requestId === firstId);
    expect(ofFirst.map((line) => line.msg)).toEqual(["payment page read", "request"]);
    expect(ofFirst[1]).toMatchObject({ level: 30, instance: "web-1", method: "GET", path: "/platnosc/:token", status: 200 });
    expect(typeof ofFirst[1]!.durationMs).toBe("number");
    expect(typeof ofFirst[1]!.time).toBe("string");
    const everything = JSON.stringify(lines);
    for (const secret of ["SecretToken123", "OtherToken456", "anna@example.pl"]) expect(everything).not.toContain(secret);
  });

  it("logs a server error as an error, and a passing health check only at debug level", async () => {
    const { lines, log } = capturedLog();
    const app = express();
    app.use(requestLog(pathTemplates(["healthz", "boom"], "/build/"), log));
    app.get("/healthz", (_request, response) => void response.send("ok"));
    app.get("/boom", (_request, response) => void response.status(500).send("500"));
    const base = await serve(app);
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/boom`)).text();
    await expect.poll(() => lines.length).toBe(2);
    expect(lines.map((line) => [line.path, line.level])).toEqual([
      ["/healthz", 20],
      ["/boom", 50],
    ]);
  });
});

describe("the logger", () => {
  it("redacts fields named like personal data, should one be passed by mistake", () => {
    const { lines, log } = capturedLog();
    log.info({ order: { id: 3, email: "anna@example.pl", phone: "600700800" }, token: "SecretToken123" }, "saved");
    expect(lines[0]).toMatchObject({ order: { id: 3, email: "[Redacted]", phone: "[Redacted]" }, token: "[Redacted]" });
  });
});
