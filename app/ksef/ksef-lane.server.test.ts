import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("libxml2-wasm");
  vi.restoreAllMocks();
});

describe("warmFa3Schema", () => {
  it("logs a schema that fails to load instead of failing the server's start, and the next check loads it", async () => {
    vi.resetModules();
    // A process whose libxml2 cannot load (a broken install).
    vi.doMock("libxml2-wasm", () => {
      throw new Error("the WebAssembly module is missing");
    });
    const { log } = await import("~/log/log.server");
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const { warmFa3Schema } = await import("./ksef-lane.server");
    const schema = await import("./fa3-schema.server");

    await expect(warmFa3Schema()).resolves.toBeUndefined();
    expect(schema.fa3SchemaLoaded()).toBe(false);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ type: expect.any(String) }) }),
      expect.stringContaining("FA(3) schema did not load"),
    );

    vi.doUnmock("libxml2-wasm");
    expect(await schema.validateFa3Xml("<Faktura/>")).toMatchObject({ valid: false });
    expect(schema.fa3SchemaLoaded()).toBe(true);
  });
});
