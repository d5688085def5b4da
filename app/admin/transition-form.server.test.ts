import { describe, expect, it } from "vitest";
import { warsawDay } from "~/config/delivery-dates.server";
import { TRANSITION_TEXT } from "./texts";
import { parseTransitionForm } from "./transition-form.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
// 23:30 UTC on 22 November is already 23 November in Warsaw.
const NOW = new Date("2026-11-22T23:30:00Z");

describe("the transition forms", () => {
  it("reads the operator's day in Warsaw time", () => {
    expect(warsawDay(NOW)).toBe("2026-11-23");
  });

  it("marks paid with a real past or present date, never a future or impossible one", () => {
    expect(parseTransitionForm(form({ transition: "mark_paid", paidAt: "2026-11-23" }), NOW)).toEqual({ ok: true, facts: { transition: "mark_paid", paidAt: "2026-11-23" } });
    for (const paidAt of ["2026-11-24", "2026-02-30", "23.11.2026", ""]) {
      const result = parseTransitionForm(form({ transition: "mark_paid", paidAt }), NOW);
      expect(result, paidAt).toMatchObject({ ok: false, transition: "mark_paid", errors: { paidAt: expect.stringContaining("Podaj datę wpłaty") }, values: { paidAt } });
    }
  });

  it("dispatches with a tracking number (upper-cased) and an optional courier", () => {
    expect(parseTransitionForm(form({ transition: "mark_dispatched", trackingNumber: " rr123456789pl ", courier: "" }), NOW)).toEqual({
      ok: true,
      facts: { transition: "mark_dispatched", trackingNumber: "RR123456789PL", courier: null },
    });
    const refused = parseTransitionForm(form({ transition: "mark_dispatched", trackingNumber: "<b>", courier: "InPost" }), NOW);
    expect(refused).toMatchObject({ ok: false, errors: { trackingNumber: expect.stringContaining("numer przesyłki") }, values: { trackingNumber: "<b>", courier: "InPost" } });
  });

  it("cancels only with a reason of at most 500 characters", () => {
    expect(parseTransitionForm(form({ transition: "cancel", reason: "Klient zrezygnował" }), NOW)).toEqual({ ok: true, facts: { transition: "cancel", reason: "Klient zrezygnował" } });
    expect(parseTransitionForm(form({ transition: "cancel", reason: "  " }), NOW)).toMatchObject({ ok: false, errors: { reason: expect.any(String) } });
    expect(parseTransitionForm(form({ transition: "cancel", reason: "x".repeat(501) }), NOW)).toMatchObject({ ok: false });
  });

  it("refuses control and bidi characters in the courier, and in the reason all but its line breaks, keeping the values", () => {
    for (const courier of ["In\u0000Post", "InPost\nBcc: x", "\u202eTSOPNI"]) {
      expect(parseTransitionForm(form({ transition: "mark_dispatched", trackingNumber: "RR123456789PL", courier }), NOW), JSON.stringify(courier)).toMatchObject({
        ok: false,
        errors: { courier: TRANSITION_TEXT.courierControlCharacters },
        values: { courier },
      });
    }
    expect(parseTransitionForm(form({ transition: "cancel", reason: "Klient zrezygnował.\r\nDzwonił 23.11." }), NOW)).toMatchObject({ ok: true });
    for (const reason of ["Klient\u0000", "a\tb", "\u2066x\u2069"]) {
      expect(parseTransitionForm(form({ transition: "cancel", reason }), NOW), JSON.stringify(reason)).toMatchObject({ ok: false, errors: { reason: TRANSITION_TEXT.reasonControlCharacters } });
    }
  });

  it("refuses an unknown move with a message instead of failing", () => {
    expect(parseTransitionForm(form({ transition: "delete_everything" }), NOW)).toMatchObject({ ok: false, transition: null, errors: { form: "Nieznana zmiana statusu." } });
  });
});
