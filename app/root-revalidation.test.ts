import { describe, expect, it } from "vitest";
import { shouldRevalidate as rootShouldRevalidate } from "./root";
import { shouldRevalidate as orderShouldRevalidate } from "./routes/order";

type Args = Parameters<typeof rootShouldRevalidate>[0];
const ORDER = "http://localhost/zamowienie-oswiadczenia";
const args = (overrides: Partial<Args>): Args => ({
  currentUrl: new URL(`${ORDER}?type=regular`),
  currentParams: {},
  nextUrl: new URL(ORDER),
  nextParams: {},
  defaultShouldRevalidate: true,
  ...overrides,
});
const postedStep = { formMethod: "POST", formAction: "/zamowienie-oswiadczenia" } as const;

describe("what a step of the order form fetches again: nothing, so its history entry is made with its answer", () => {
  it("a step posted to the page itself: neither the root's data nor the form's loader", () => {
    expect(rootShouldRevalidate(args(postedStep))).toBe(false);
    expect(orderShouldRevalidate(args(postedStep))).toBe(false);
  });

  it("the cookie banner's choice, posted to its own route: the root's data (the consent and the pixels), not the form's loader", () => {
    const consent = args({ formMethod: "POST", formAction: "/consent", nextUrl: new URL(`${ORDER}?type=regular`) });
    expect(rootShouldRevalidate(consent)).toBe(true);
    expect(orderShouldRevalidate(consent)).toBe(false);
  });

  it("a visit that changes the URL: the form's loader (?type=), and the root's data on another page", () => {
    expect(orderShouldRevalidate(args({ nextUrl: new URL(`${ORDER}?type=notarized`) }))).toBe(true);
    expect(rootShouldRevalidate(args({ nextUrl: new URL("http://localhost/en/order-declaration"), defaultShouldRevalidate: false }))).toBe(
      true,
    );
  });

  it("a submission that never reached the server: nothing, the network is down", () => {
    expect(rootShouldRevalidate(args({ ...postedStep, formAction: "/consent", actionResult: { offline: true } }))).toBe(false);
  });
});
