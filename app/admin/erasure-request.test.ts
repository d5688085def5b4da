import { describe, expect, it } from "vitest";
import { readErasureRequest } from "./erasure-request";

/** Jan's two orders, as the erasure form checks a reference against them. */
const JAN = [
  { tenant_name: "Jan Żółkiewski", email: "jan.zolkiewski@example.com", phone: "+48 600 100 200" },
  { tenant_name: "Jan Żółkiewski", email: "JZ@example.com", phone: "600100200" },
];

describe("the erasure's category and reference", () => {
  it("takes a category of legal ground and a case number, and nothing else", () => {
    expect(readErasureRequest("erasure_request", "RODO/2026/014", JAN)).toEqual({
      category: "erasure_request",
      reference: "RODO/2026/014",
    });
    expect(readErasureRequest("objection", "ZGL-118", JAN)).toEqual({ category: "objection", reference: "ZGL-118" });
    expect(readErasureRequest("because", "RODO/2026/014", JAN)).toEqual({ problems: ["category"] });
    expect(readErasureRequest("", "", JAN)).toEqual({ problems: ["category", "reference-shape"] });
  });

  it("refuses free text and anything that would keep the person in the audit trail after the erasure", () => {
    for (const text of ["żądanie klienta e-mailem z 27.11.2026", "Jan Żółkiewski", "jan@example.com", "x".repeat(41), "A\nB"])
      expect(readErasureRequest("erasure_request", text, JAN), text).toEqual({ problems: ["reference-shape"] });
    // The surname without its diacritics, the e-mail's name, the phone's digits: each names him.
    for (const text of ["Zolkiewski-2026", "RODO/jan.zolkiewski", "TEL600100200", "ZOLKIEWSKI"])
      expect(readErasureRequest("erasure_request", text, JAN), text).toEqual({ problems: ["reference-names-customer"] });
  });
});
