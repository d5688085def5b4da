import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log as processLog } from "~/log/log.server";
import {
  buildEventPayload,
  eventsEndpoint,
  normaliseEmail,
  normalisePhone,
  sendConversionEvent,
  sha256Hex,
  type ConversionsApiConfig,
} from "./conversions-api.server";

const HEX64 = /^[0-9a-f]{64}$/;

describe("user data", () => {
  it("normalises e-mail and phone the way Meta matches them", () => {
    expect(normaliseEmail("  Jan.Kowalski@Example.COM ")).toBe("jan.kowalski@example.com");
    expect(normalisePhone("600 100 200")).toBe("48600100200");
    expect(normalisePhone("+48 600-100-200")).toBe("48600100200");
    expect(normalisePhone("0048 (600) 100 200")).toBe("48600100200");
    expect(normalisePhone("+380 67 123 4567")).toBe("380671234567");
  });

  it("hashes with SHA-256 into 64 lowercase hex characters", () => {
    expect(sha256Hex("test@example.com")).toBe("973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b");
    expect(sha256Hex("48600100200")).toMatch(HEX64);
  });
});

describe("event payload", () => {
  it("carries the event's fields with hashed user data and clear IP and user agent", () => {
    const payload = buildEventPayload(
      {
        eventName: "Purchase",
        eventId: "purchase-42",
        eventSourceUrl: "https://example.com/zamowienie-oswiadczenia",
        email: " Test@Example.com",
        phone: "600 100 200",
        clientIpAddress: "203.0.113.7",
        clientUserAgent: "Mozilla/5.0 test",
        customData: {
          value: 399,
          currency: "PLN",
          content_name: "Oświadczenie z podpisem poświadczonym notarialnie",
          content_id: "notarized",
        },
      },
      () => 1_700_000_000_999,
    );
    expect(payload).toEqual({
      event_name: "Purchase",
      event_time: 1_700_000_000,
      action_source: "website",
      event_id: "purchase-42",
      event_source_url: "https://example.com/zamowienie-oswiadczenia",
      user_data: {
        em: ["973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b"],
        ph: [sha256Hex("48600100200")],
        client_ip_address: "203.0.113.7",
        client_user_agent: "Mozilla/5.0 test",
      },
      custom_data: {
        value: 399,
        currency: "PLN",
        content_name: "Oświadczenie z podpisem poświadczonym notarialnie",
        content_id: "notarized",
      },
    });
  });

  it("leaves out user data it does not have, and keeps an empty custom_data empty", () => {
    const payload = buildEventPayload({ eventName: "Purchase", eventId: "abcdefgh", email: "   " });
    expect(payload.user_data).toEqual({});
    expect(payload.custom_data).toEqual({});
    expect(Number.isInteger(payload.event_time)).toBe(true);
    expect(Math.abs(payload.event_time - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe("sending", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A local stand-in: answers with `status`, or never when status is null. */
  async function standIn(status: number | null) {
    const received: Array<{ url: string; body: any }> = [];
    server = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk) => (text += chunk));
      request.on("end", () => {
        received.push({ url: request.url ?? "", body: JSON.parse(text) });
        if (status !== null) response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const config: ConversionsApiConfig = {
      pixelId: "123",
      accessToken: "secret-token",
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    };
    return { config, received };
  }

  const event = { eventName: "Lead", eventId: "lead-0001", email: "anna@example.com", phone: "600100200" };

  it("posts one event with the token in the body, not the URL", async () => {
    const { config, received } = await standIn(200);
    await expect(sendConversionEvent(config, event)).resolves.toBe("sent");
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe("/v21.0/123/events");
    expect(received[0]!.url).not.toContain("secret-token");
    expect(received[0]!.body.access_token).toBe("secret-token");
    expect(received[0]!.body.data).toHaveLength(1);
    expect(received[0]!.body.data[0].event_id).toBe("lead-0001");
    expect(eventsEndpoint(config)).toBe(`${config.baseUrl}/v21.0/123/events`);
  });

  it("a 500 is logged without personal data and does not throw", async () => {
    const { config } = await standIn(500);
    const log = vi.fn();
    await expect(sendConversionEvent(config, event, { log })).resolves.toBe("failed");
    expect(log).toHaveBeenCalledOnce();
    const line = String(log.mock.calls[0]![0]);
    expect(line).toContain("HTTP 500");
    for (const secret of ["anna", "600100200", "secret-token", sha256Hex("anna@example.com")]) expect(line).not.toContain(secret);
  });

  it.each([
    [400, "Conversions API rejected Lead: HTTP 400"],
    [429, "Conversions API Lead failed: HTTP 429"],
    [503, "Conversions API Lead failed: HTTP 503"],
  ])("a %i is logged as %s", async (status, line) => {
    const { config } = await standIn(status);
    const log = vi.fn();
    await expect(sendConversionEvent(config, event, { log })).resolves.toBe("failed");
    expect(log).toHaveBeenCalledWith(`[tracking] ${line}`);
  });

  it("an API that never answers is given up after the timeout", async () => {
    const { config } = await standIn(null);
    const log = vi.fn();
    await expect(sendConversionEvent(config, event, { log, timeoutMs: 200 })).resolves.toBe("failed");
    expect(String(log.mock.calls[0]![0])).toContain("timed out after 200 ms");
  });

  it("without a log of the test's own, the line goes to the structured log with the service, the event and the kind of failure", async () => {
    const { config } = await standIn(400);
    const warned = vi.spyOn(processLog, "warn").mockImplementation(() => undefined);
    try {
      await expect(sendConversionEvent(config, event)).resolves.toBe("failed");
      expect(warned).toHaveBeenCalledExactlyOnceWith(
        { service: "conversions-api", event: "Lead", failure: "refused" },
        "[tracking] Conversions API rejected Lead: HTTP 400",
      );
    } finally {
      warned.mockRestore();
    }
  });

  it("a network error is logged and does not throw", async () => {
    const log = vi.fn();
    const config = { pixelId: "123", accessToken: "t", baseUrl: "http://127.0.0.1:9" };
    await expect(sendConversionEvent(config, event, { log })).resolves.toBe("failed");
    expect(String(log.mock.calls[0]![0])).toContain("network error");
  });
});
