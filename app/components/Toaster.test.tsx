import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, toast, Toaster, TOAST_DURATION_MS } from "./Toaster";

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const shown of currentToasts()) dismissToast(shown.id);
    vi.useRealTimers();
  });

  it("the server HTML holds the empty, labelled, polite live region before any toast", () => {
    const html = renderToString(<Toaster label="Powiadomienia" />);
    expect(html).toMatch(/^<section aria-label="Powiadomienia" aria-live="polite"[^>]*><ol[^>]*><\/ol><\/section>$/);
  });

  it("a toast leaves after 4 s unless its caller asks for another time", () => {
    toast.error("Brak połączenia");
    toast.success("Zamówienie przyjęte", { duration: 3000 });
    expect(currentToasts().map((shown) => [shown.kind, shown.message])).toEqual([
      ["error", "Brak połączenia"],
      ["success", "Zamówienie przyjęte"],
    ]);
    vi.advanceTimersByTime(2999);
    expect(currentToasts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(currentToasts().map((shown) => shown.message)).toEqual(["Brak połączenia"]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 3000 - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
  });

  it("at most three are on screen: a fourth pushes out the oldest", () => {
    for (const message of ["one", "two", "three", "four"]) toast.error(message);
    expect(currentToasts().map((shown) => shown.message)).toEqual(["two", "three", "four"]);
  });
});
