import { describe, expect, it } from "vitest";
import { documentScriptsFor, ISLANDS, NO_HYDRATION } from "~/render/hydration";

const NO_PIXELS = null;
const ACCEPTED = { meta: "123", tiktok: null };

describe("documentScriptsFor: what a document loads", () => {
  it("runs the app for a page that did not opt out, and for an unknown route or an error", () => {
    expect(documentScriptsFor([undefined], NO_PIXELS, "server")).toBe("app");
    expect(documentScriptsFor([], NO_PIXELS, "server")).toBe("app");
  });

  it("loads nothing for a plain-HTML page", () => {
    expect(documentScriptsFor([NO_HYDRATION], NO_PIXELS, "server")).toBe("none");
  });

  it("loads only the islands for an islands page rendered by the server", () => {
    expect(documentScriptsFor([ISLANDS], NO_PIXELS, "server")).toBe("islands");
  });

  it("keeps the running app after a client-side navigation into an islands page", () => {
    expect(documentScriptsFor([ISLANDS], NO_PIXELS, "browser")).toBe("app");
  });

  it("runs the whole app once the visitor accepted pixels, islands page or not", () => {
    expect(documentScriptsFor([ISLANDS], ACCEPTED, "server")).toBe("app");
    expect(documentScriptsFor([NO_HYDRATION], ACCEPTED, "server")).toBe("app");
    expect(documentScriptsFor([ISLANDS], { meta: null, tiktok: null }, "server")).toBe("islands");
  });
});
