import { describe, expect, it } from "vitest";
import { documentLoadsScripts, NO_HYDRATION } from "~/render/hydration";

const NO_PIXELS = null;
const ACCEPTED = { meta: "123", tiktok: null };

describe("documentLoadsScripts: whether a document loads the app", () => {
  it("runs the app for a page that did not opt out, and for an unknown route or an error", () => {
    expect(documentLoadsScripts([undefined], NO_PIXELS)).toBe(true);
    expect(documentLoadsScripts([], NO_PIXELS)).toBe(true);
  });

  it("loads nothing for a plain-HTML page", () => {
    expect(documentLoadsScripts([NO_HYDRATION], NO_PIXELS)).toBe(false);
    expect(documentLoadsScripts([NO_HYDRATION], { meta: null, tiktok: null })).toBe(false);
  });

  it("runs the whole app once the visitor accepted pixels, plain page or not", () => {
    expect(documentLoadsScripts([NO_HYDRATION], ACCEPTED)).toBe(true);
  });
});
