import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/locales";
import { CONTRACT_VERSION } from "~/order/contract";

/**
 * What the customer accepts, in every language: the terms, the agreement and the two tick boxes of the
 * preview. An order stores the CONTRACT_VERSION it accepted, so a change to any of these words must
 * move the version (and be listed in a decision record); a reworded page around them need not.
 */
function bindingText(): unknown {
  return LOCALES.map((locale) => {
    const read = (namespace: string) => JSON.parse(readFileSync(`locales/${locale}/${namespace}.json`, "utf8"));
    const terms = read("terms");
    const order = read("order");
    return {
      locale,
      terms: {
        sections: terms.sections,
        prices: terms.prices,
        pricesExempt: terms.prices_exempt,
        withdrawalForm: terms.withdrawalForm,
        replacement: terms.replacement,
      },
      agreement: order.contract,
      tickBoxes: { acceptTerms: order.preview.acceptTerms, immediatePerformanceConsent: order.preview.immediatePerformanceConsent },
    };
  });
}

/** The binding text's SHA-256 under the version that carries it. */
const RECORDED = { version: "2026-11-30.2", sha256: "55c9e3a2c4a2c3d5419829916d7ec63b4ecd2eebd78a28c5d56699e9299a7729" };

describe("the binding text", () => {
  it("changes only with CONTRACT_VERSION", () => {
    const sha256 = createHash("sha256").update(JSON.stringify(bindingText())).digest("hex");
    expect(
      { version: CONTRACT_VERSION, sha256 },
      "The terms, the agreement or the preview's tick boxes changed (or the version moved): stored orders keep the text they " +
        "accepted only if CONTRACT_VERSION (app/order/contract.tsx) moves with the words. Move it to the day the text takes " +
        "effect, list what changed and why in a decision record, then record the new version and SHA-256 here.",
    ).toEqual(RECORDED);
  });
});
