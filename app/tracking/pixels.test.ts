import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { purchaseEventId } from "./events";
import { productEventData } from "./product-event-data";
import { startPixels, stopPixels } from "./pixel-start";
import { trackPixelEvent } from "./pixels";

/** A bare browser stand-in: pixels only need window, document.head, document.cookie and createElement. */
function fakeBrowser() {
  const scripts: string[] = [];
  const cookies: string[] = [];
  const document = {
    head: { appendChild: (element: { src: string }) => scripts.push(element.src) },
    createElement: () => ({ async: false, src: "" }),
    set cookie(value: string) {
      cookies.push(value);
    },
  };
  vi.stubGlobal("document", document);
  vi.stubGlobal("window", { location: { hostname: "example.com" } });
  return { scripts, cookies, win: globalThis.window as unknown as Window };
}

describe("browser pixels", () => {
  beforeEach(() => vi.spyOn(console, "warn").mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("do nothing when no pixel started (no consent, or none configured)", () => {
    const { scripts } = fakeBrowser();
    expect(() => trackPixelEvent("Purchase", {}, "id-00000001")).not.toThrow();
    expect(scripts).toEqual([]);
  });

  it("start only the configured pixels, once", () => {
    const { scripts, win } = fakeBrowser();
    startPixels({ meta: "111", tiktok: null });
    startPixels({ meta: "111", tiktok: null });
    expect(scripts).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);
    expect(win.ttq).toBeUndefined();
    expect(win.fbq!.queue).toEqual([
      ["init", "111"],
      ["track", "PageView"],
    ]);
  });

  it("send the event id to both pixels, mapping Lead to SubmitForm for TikTok only", () => {
    const { scripts, win } = fakeBrowser();
    startPixels({ meta: "111", tiktok: "TT1" });
    expect(scripts[1]).toBe("https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=TT1&lib=ttq");
    const data = productEventData("notarized");
    trackPixelEvent("Lead", data, "lead-0001");
    trackPixelEvent("Purchase", data, "purchase-1");
    trackPixelEvent("InitiateCheckout", data, "ic-000001");
    expect(win.fbq!.queue.slice(2)).toEqual([
      ["track", "Lead", data, { eventID: "lead-0001" }],
      ["track", "Purchase", data, { eventID: "purchase-1" }],
      ["track", "InitiateCheckout", data, { eventID: "ic-000001" }],
    ]);
    expect(Array.from(win.ttq!).slice(1)).toEqual([
      ["track", "SubmitForm", data, { event_id: "lead-0001" }],
      ["track", "Purchase", data, { event_id: "purchase-1" }],
      ["track", "InitiateCheckout", data, { event_id: "ic-000001" }],
    ]);
    expect(data).toEqual({
      value: 399,
      currency: "PLN",
      content_name: "Oświadczenie z podpisem poświadczonym notarialnie",
      content_id: "notarized",
    });
  });

  it("a throwing pixel does not stop the other one or the caller", () => {
    const { win } = fakeBrowser();
    startPixels({ meta: "111", tiktok: "TT1" });
    win.fbq!.callMethod = () => {
      throw new Error("blocked");
    };
    expect(() => trackPixelEvent("Purchase", {}, "purchase-1")).not.toThrow();
    expect(Array.from(win.ttq!)).toContainEqual(["track", "Purchase", {}, { event_id: "purchase-1" }]);
  });

  it("stop after a change of mind: globals gone, pixel cookies expired", () => {
    const { win, cookies } = fakeBrowser();
    startPixels({ meta: "111", tiktok: "TT1" });
    stopPixels();
    expect(win.fbq).toBeUndefined();
    expect(win.ttq).toBeUndefined();
    expect(cookies.filter((cookie) => cookie.startsWith("_fbp=;"))).toHaveLength(2);
    expect(cookies.every((cookie) => cookie.includes("Max-Age=0"))).toBe(true);
  });
});

describe("event ids", () => {
  it("a purchase's id depends only on the order, so a replay repeats it", () => {
    expect(purchaseEventId("ord_42")).toBe(purchaseEventId("ord_42"));
    expect(purchaseEventId("ord_42")).not.toBe(purchaseEventId("ord_43"));
    expect(purchaseEventId("a/b c")).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
