import { describe, expect, it } from "vitest";
import { warsawDay } from "~/order/delivery-dates.server";
import { CANCEL_REASON_LABEL } from "~/order/lifecycle/cancel-reasons";
import { TRANSITION_TEXT } from "~/order/lifecycle/admin-texts";
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
    expect(parseTransitionForm(form({ transition: "mark_paid", paidAt: "2026-11-23", confirm: "yes" }), NOW)).toEqual({
      ok: true,
      facts: { transition: "mark_paid", paidAt: "2026-11-23" },
      values: expect.any(Object),
    });
    for (const paidAt of ["2026-11-24", "2026-02-30", "23.11.2026", ""]) {
      const result = parseTransitionForm(form({ transition: "mark_paid", paidAt, confirm: "yes" }), NOW);
      expect(result, paidAt).toMatchObject({
        ok: false,
        transition: "mark_paid",
        errors: { paidAt: expect.stringContaining("Podaj datę wpłaty") },
        values: { paidAt },
      });
    }
  });

  it("dispatches with a tracking number (upper-cased) and an optional courier", () => {
    expect(
      parseTransitionForm(form({ transition: "mark_dispatched", trackingNumber: " rr123456789pl ", courier: "", confirm: "yes" }), NOW),
    ).toEqual({
      ok: true,
      facts: { transition: "mark_dispatched", trackingNumber: "RR123456789PL", courier: null },
      values: expect.any(Object),
    });
    const refused = parseTransitionForm(form({ transition: "mark_dispatched", trackingNumber: "<b>", courier: "InPost" }), NOW);
    expect(refused).toMatchObject({
      ok: false,
      errors: { trackingNumber: expect.stringContaining("numer przesyłki") },
      values: { trackingNumber: "<b>", courier: "InPost" },
    });
  });

  it("marks paid or dispatched only once the operator confirms the customer's e-mail, naming every other problem beside it", () => {
    for (const { transition, ...fields } of [
      { transition: "mark_paid", paidAt: "2026-11-23" },
      { transition: "mark_dispatched", trackingNumber: "RR123456789PL" },
    ])
      expect(parseTransitionForm(form({ transition, ...fields }), NOW), transition).toMatchObject({
        ok: false,
        errors: { confirm: TRANSITION_TEXT.confirmMissing },
        values: fields,
      });
    expect(parseTransitionForm(form({ transition: "mark_dispatched", trackingNumber: "" }), NOW)).toMatchObject({
      ok: false,
      errors: { trackingNumber: TRANSITION_TEXT.trackingNumberInvalid, confirm: TRANSITION_TEXT.confirmMissing },
    });
    // Reopening has its own form and rules.
    expect(
      parseTransitionForm(
        form({ transition: "reopen", paidAt: "2026-11-23", consent: "yes", consentAt: "2026-11-23", consentHow: "telefon" }),
        NOW,
      ),
    ).toMatchObject({ ok: true });
  });

  it("cancels only once confirmed, with a standard reason or the operator's own of at most 500 characters", () => {
    const own = { transition: "cancel", reasonCode: "own", confirm: "yes" };
    expect(parseTransitionForm(form({ ...own, reason: "Klient zrezygnował" }), NOW)).toEqual({
      ok: true,
      facts: { transition: "cancel", reason: "Klient zrezygnował", reasonCode: "own" },
      values: expect.any(Object),
    });
    expect(parseTransitionForm(form({ ...own, reasonCode: "duplicate", reason: "" }), NOW)).toEqual({
      ok: true,
      facts: { transition: "cancel", reason: CANCEL_REASON_LABEL.duplicate, reasonCode: "duplicate" },
      values: expect.any(Object),
    });
    expect(parseTransitionForm(form({ ...own, reason: "  " }), NOW)).toMatchObject({ ok: false, errors: { reason: expect.any(String) } });
    expect(parseTransitionForm(form({ ...own, reason: "x".repeat(501) }), NOW)).toMatchObject({ ok: false });
    expect(parseTransitionForm(form({ ...own, reasonCode: "whatever", reason: "x" }), NOW)).toMatchObject({
      ok: false,
      errors: { reasonCode: TRANSITION_TEXT.reasonCodeInvalid },
    });
    expect(parseTransitionForm(form({ ...own, confirm: "", reason: "Klient zrezygnował" }), NOW)).toMatchObject({
      ok: false,
      errors: { confirm: TRANSITION_TEXT.confirmCancelMissing },
      values: { reason: "Klient zrezygnował", reasonCode: "own" },
    });
    // Both at once: the missing confirmation does not hide the missing reason.
    expect(parseTransitionForm(form({ transition: "cancel", reasonCode: "own" }), NOW)).toMatchObject({
      ok: false,
      errors: { confirm: expect.any(String), reason: TRANSITION_TEXT.reasonInvalid },
    });
  });

  it("records the amount actually received when it differs from the price, in złoty as typed", () => {
    expect(
      parseTransitionForm(form({ transition: "mark_paid", paidAt: "2026-11-23", receivedAmount: "1 299,5 zł", confirm: "yes" }), NOW),
    ).toEqual({
      ok: true,
      facts: { transition: "mark_paid", paidAt: "2026-11-23", receivedGrosze: 129950 },
      values: expect.any(Object),
    });
    expect(
      parseTransitionForm(
        form({
          transition: "reopen",
          paidAt: "2026-11-23",
          receivedAmount: "abc",
          consent: "yes",
          consentAt: "2026-11-23",
          consentHow: "e-mail",
        }),
        NOW,
      ),
    ).toMatchObject({
      ok: false,
      errors: { receivedAmount: TRANSITION_TEXT.receivedAmountInvalid },
      values: { receivedAmount: "abc" },
    });
  });

  it("reopens only with the customer's consent ticked, its day (not in the future) and how it was given, keeping what was typed", () => {
    const reopen = {
      transition: "reopen",
      paidAt: "2026-11-20",
      consent: "yes",
      consentAt: "2026-11-23",
      consentHow: "telefon 23.11, 10:40",
    };
    expect(parseTransitionForm(form(reopen), NOW)).toEqual({
      ok: true,
      facts: { transition: "reopen", paidAt: "2026-11-20", consentAt: "2026-11-23", consentHow: "telefon 23.11, 10:40" },
      values: expect.any(Object),
    });
    expect(parseTransitionForm(form({ ...reopen, consent: "" }), NOW)).toMatchObject({
      ok: false,
      errors: { consent: TRANSITION_TEXT.consentMissing },
      values: { consentHow: "telefon 23.11, 10:40", consentAt: "2026-11-23" },
    });
    expect(parseTransitionForm(form({ ...reopen, consentAt: "2026-11-24" }), NOW)).toMatchObject({
      ok: false,
      errors: { consentAt: TRANSITION_TEXT.consentAtInvalid },
    });
    for (const consentHow of ["", "x".repeat(201), "e-mail\nBcc: x"])
      expect(parseTransitionForm(form({ ...reopen, consentHow }), NOW), JSON.stringify(consentHow)).toMatchObject({
        ok: false,
        errors: { consentHow: TRANSITION_TEXT.consentHowInvalid },
      });
  });

  it("refuses control and bidi characters in the courier, and in the reason all but its line breaks, keeping the values", () => {
    for (const courier of ["In\u0000Post", "InPost\nBcc: x", "\u202eTSOPNI"]) {
      expect(
        parseTransitionForm(form({ transition: "mark_dispatched", trackingNumber: "RR123456789PL", courier }), NOW),
        JSON.stringify(courier),
      ).toMatchObject({
        ok: false,
        errors: { courier: TRANSITION_TEXT.courierControlCharacters },
        values: { courier },
      });
    }
    expect(
      parseTransitionForm(
        form({ transition: "cancel", reasonCode: "own", confirm: "yes", reason: "Klient zrezygnował.\r\nDzwonił 23.11." }),
        NOW,
      ),
    ).toMatchObject({ ok: true });
    for (const reason of ["Klient\u0000", "a\tb", "\u2066x\u2069"]) {
      expect(
        parseTransitionForm(form({ transition: "cancel", reasonCode: "own", confirm: "yes", reason }), NOW),
        JSON.stringify(reason),
      ).toMatchObject({ ok: false, errors: { reason: TRANSITION_TEXT.reasonControlCharacters } });
    }
  });

  it("refuses an unknown move with a message instead of failing", () => {
    expect(parseTransitionForm(form({ transition: "delete_everything" }), NOW)).toMatchObject({
      ok: false,
      transition: null,
      errors: { form: "Nieznana zmiana statusu." },
    });
  });
});
