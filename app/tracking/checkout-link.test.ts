import { afterEach, describe, expect, it, vi } from "vitest";
import { trackThenNavigate } from "./checkout-link";

describe("a pricing-card click", () => {
  afterEach(() => vi.useRealTimers());

  it("navigates right after tracking", async () => {
    const go = vi.fn();
    await trackThenNavigate(() => undefined, go);
    expect(go).toHaveBeenCalledOnce();
  });

  it("navigates even when tracking throws", async () => {
    const go = vi.fn();
    await trackThenNavigate(() => {
      throw new Error("pixel blocked");
    }, go);
    expect(go).toHaveBeenCalledOnce();
  });

  it("navigates after the 300 ms cap when tracking hangs, and only once", async () => {
    vi.useFakeTimers();
    const go = vi.fn();
    let finish: () => void = () => undefined;
    void trackThenNavigate(() => new Promise<void>((resolve) => (finish = resolve)), go);
    await vi.advanceTimersByTimeAsync(299);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledOnce();
    finish();
    await vi.runAllTimersAsync();
    expect(go).toHaveBeenCalledOnce();
  });
});
