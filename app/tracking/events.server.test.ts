import { describe, expect, it, vi } from "vitest";
import { serializeConsent } from "./consent.server";
import { createEventReporter, reportCheckoutFromUrl } from "./events.server";

const config = { pixelId: "123", accessToken: "token", baseUrl: "http://capi.test" };

async function requestWith(consent: "accept" | "reject" | null, url = "http://site.test/zamowienie-oswiadczenia") {
  const headers = new Headers({ "User-Agent": "Mozilla/5.0 unit", "X-Forwarded-For": "203.0.113.7, 10.0.0.1" });
  if (consent) headers.set("Cookie", (await serializeConsent(consent)).split(";")[0]!);
  return new Request(url, { headers });
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
