import { describe, expect, it } from "vitest";
import { ksefStateOf } from "./ksef-state";

const row = (status: "pending" | "sent" | "accepted" | "rejected" | "manual", changes: { ksef_number?: string; error?: string } = {}) => ({
  status,
  ksef_number: changes.ksef_number ?? null,
  error: changes.error ?? null,
});

describe("an invoice's KSeF state in the back office", () => {
  it("names each state in Polish, with KSeF's number once accepted and the reason of a rejection", () => {
    expect(ksefStateOf(row("pending"))).toEqual({ status: "pending", label: "czeka na wysłanie do KSeF", detail: null, tone: "waiting" });
    expect(ksefStateOf(row("pending", { error: "KSeF niedostępny, ponowimy próbę (HTTP 503)" }))?.detail).toBe(
      "KSeF niedostępny, ponowimy próbę (HTTP 503)",
    );
    expect(ksefStateOf(row("sent"))).toMatchObject({ label: "wysłana do KSeF, czeka na numer KSeF", tone: "waiting" });
    expect(ksefStateOf(row("accepted", { ksef_number: "5265877635-20261127-0123456789AB-CD" }))).toEqual({
      status: "accepted",
      label: "przyjęta w KSeF, numer 5265877635-20261127-0123456789AB-CD",
      detail: null,
      tone: "done",
    });
    const reason = "KSeF odrzucił fakturę (kod 450): Błąd weryfikacji semantyki dokumentu faktury";
    expect(ksefStateOf(row("rejected", { error: reason }))).toEqual({
      status: "rejected",
      label: "odrzucona przez KSeF",
      detail: reason,
      tone: "action",
    });
    expect(ksefStateOf(row("manual"))).toMatchObject({ label: "do wysłania do KSeF ręcznie", detail: null, tone: "action" });
    expect(ksefStateOf(row("manual", { error: "Plik FA(3) nie spełnia schematu: …" }))?.detail).toBe("Plik FA(3) nie spełnia schematu: …");
  });

  it("says when an offline invoice went out and by when it goes to KSeF, and which original a correction waits for", () => {
    expect(ksefStateOf({ ...row("pending"), offline_at: "2026-12-23T10:00:00.000Z", offlineDeadline: "2026-12-28" })).toMatchObject({
      label: "wystawiona offline (offline24) 2026-12-23, do wysłania do KSeF do 2026-12-28",
      tone: "waiting",
    });
    expect(ksefStateOf({ ...row("pending"), awaits_original: "FV/2026/12/0001" })).toMatchObject({
      label: "czeka na numer KSeF faktury korygowanej FV/2026/12/0001",
      tone: "waiting",
    });
  });

  it("shows nothing for an invoice outside KSeF", () => {
    expect(ksefStateOf(null)).toBeNull();
  });
});
