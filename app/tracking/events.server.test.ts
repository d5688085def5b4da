import { describe, expect, it, vi } from "vitest";
import { serializeConsent } from "./consent.server";
import { createEventReporter, reportCheckoutFromUrl } from "./events.server";
import { recordClientAddress } from "~/server/client-address.server";

const config = { pixelId: "123", accessToken: "token", baseUrl: "http://capi.test" };

type Connection = { remoteAddress: string; forwardedFor?: string; trustedProxies: number };

/** A request as loaders see it: the server layer's own middleware has stamped the client's address on it. */
function throughServerLayer(url: string, headers: Record<string, string>, connection: Connection): Request {
  const incoming = {
    headers: { ...headers, ...(connection.forwardedFor ? { "x-forwarded-for": connection.forwardedFor } : {}) },
    socket: { remoteAddress: connection.remoteAddress },
  };
  recordClientAddress(connection.trustedProxies)(incoming as never, {} as never, () => {});
  return new Request(url, { headers: incoming.headers as Record<string, string> });
}

/** Behind one proxy (nginx on 127.0.0.1) that appended the visitor's real address. */
const behindOneProxy: Connection = { remoteAddress: "127.0.0.1", forwardedFor: "203.0.113.7", trustedProxies: 1 };

async function requestWith(
  consent: "accept" | "reject" | null,
  url = "http://site.test/zamowienie-oswiadczenia",
  connection: Connection = behindOneProxy,
) {
  const headers: Record<string, string> = { "user-agent": "Mozilla/5.0 unit" };
  if (consent) headers.cookie = (await serializeConsent(consent)).split(";")[0]!;
  return throughServerLayer(url, headers, connection);
}

function okTransport() {
  return vi.fn(async (_url: string, _body: string, _timeoutMs: number) => 200);
}

describe("reporting a marketing event", () => {
  it("sends nothing without consent, or after Reject", async () => {
    const transport = okTransport();
    const { deliverEvent } = createEventReporter(config, { transport, log: vi.fn() });
    await expect(deliverEvent(await requestWith(null), { name: "Lead", eventId: "lead-0001", product: "regular" })).resolves.toBe(
      "no-consent",
    );
    await expect(deliverEvent(await requestWith("reject"), { name: "Lead", eventId: "lead-0001", product: "regular" })).resolves.toBe(
      "no-consent",
    );
    expect(transport).not.toHaveBeenCalled();
  });

  it("with consent sends one event with the product's real price, hashed e-mail and the shared id", async () => {
    const transport = okTransport();
    const { deliverEvent } = createEventReporter(config, { transport, log: vi.fn() });
    const outcome = await deliverEvent(await requestWith("accept"), {
      name: "Purchase",
      eventId: "purchase-7",
      product: "regular",
      email: "Anna@Example.com",
    });
    expect(outcome).toBe("sent");
    expect(transport).toHaveBeenCalledOnce();
    const body = JSON.parse(transport.mock.calls[0]![1]);
    const [event] = body.data;
    expect(event).toMatchObject({
      event_name: "Purchase",
      event_id: "purchase-7",
      action_source: "website",
      custom_data: { value: 299, currency: "PLN", content_name: "Oświadczenie zwykłe", content_id: "regular" },
      user_data: { client_ip_address: "203.0.113.7", client_user_agent: "Mozilla/5.0 unit" },
    });
    expect(event.user_data.em[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(body)).not.toContain("Anna");
  });

  it.each([
    ["no proxy is trusted (TRUST_PROXY=0)", { remoteAddress: "198.51.100.20", forwardedFor: "6.6.6.6", trustedProxies: 0 }],
    ["one proxy is trusted (TRUST_PROXY=1)", { remoteAddress: "127.0.0.1", forwardedFor: "6.6.6.6, 198.51.100.20", trustedProxies: 1 }],
  ])("a forged X-Forwarded-For never becomes the event's client address when %s", async (_case, connection) => {
    const transport = okTransport();
    const { deliverEvent } = createEventReporter(config, { transport, log: vi.fn() });
    const request = await requestWith("accept", undefined, connection);
    await expect(deliverEvent(request, { name: "Lead", eventId: "lead-0001" })).resolves.toBe("sent");
    const [event] = JSON.parse(transport.mock.calls[0]![1]).data;
    expect(event.user_data.client_ip_address).toBe("198.51.100.20");
    expect(transport.mock.calls[0]![1]).not.toContain("6.6.6.6");
  });

  it("when not configured, skips with a single warning however many events come", async () => {
    const log = vi.fn();
    const { deliverEvent } = createEventReporter(null, { log });
    for (let i = 0; i < 3; i++) {
      await expect(deliverEvent(await requestWith("accept"), { name: "Lead", eventId: `lead-000${i}` })).resolves.toBe("not-configured");
    }
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]![0])).toContain("not configured");
  });

  it("fire and forget: reportEvent returns while the API has not answered, and hands the send its time limit", async () => {
    let giveUp!: (error: Error) => void;
    const hanging = vi.fn(
      (_url: string, _body: string, _timeoutMs: number) => new Promise<number>((_resolve, reject) => (giveUp = reject)),
    );
    const log = vi.fn();
    const { reportEvent } = createEventReporter(config, { transport: hanging, log, timeoutMs: 100 });
    expect(reportEvent(await requestWith("accept"), { name: "Lead", eventId: "lead-0001" })).toBeUndefined();
    await vi.waitFor(() => expect(hanging).toHaveBeenCalledOnce());
    expect(hanging.mock.calls[0]![2]).toBe(100);
    expect(log).not.toHaveBeenCalled();
    // The transport gives up at that limit (conversions-api.server.test.ts); the failure is logged, never thrown.
    giveUp(new Error("timeout"));
    await vi.waitFor(() => expect(log).toHaveBeenCalledOnce());
  });
});

describe("InitiateCheckout from a pricing card", () => {
  it("is reported when the order page has the marker, keeping the pixel's event id", async () => {
    const report = vi.fn();
    const request = await requestWith("accept", "http://site.test/zamowienie-oswiadczenia?type=notarized&eid=abcdef0123456789");
    expect(reportCheckoutFromUrl(request, report)).toBe("abcdef0123456789");
    expect(report).toHaveBeenCalledExactlyOnceWith(request, {
      name: "InitiateCheckout",
      eventId: "abcdef0123456789",
      product: "notarized",
    });
  });

  it("makes its own id when none (or a malformed one) came with the link", async () => {
    const report = vi.fn();
    const id = reportCheckoutFromUrl(
      await requestWith("accept", "http://site.test/zamowienie-oswiadczenia?type=regular&eid=%3Cscript%3E"),
      report,
    );
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(report.mock.calls[0]![1]).toEqual({ name: "InitiateCheckout", eventId: id, product: "regular" });
  });

  it("is not reported for other visits to the order page", async () => {
    const report = vi.fn();
    expect(reportCheckoutFromUrl(await requestWith("accept"), report)).toBeNull();
    expect(reportCheckoutFromUrl(await requestWith("accept", "http://site.test/zamowienie-oswiadczenia?type=gold"), report)).toBeNull();
    expect(report).not.toHaveBeenCalled();
  });
});
