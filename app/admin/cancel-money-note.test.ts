import { describe, expect, it } from "vitest";
import { cancelMoneyNote } from "./cancel-money-note";

const afterDecision = { paidGrosze: 29_900, retainedGrosze: 12_050, refundGrosze: 17_850 };
/** Prices are written with a no-break space before "zł"; the assertions read plain spaces. */
const noteOf = (...args: Parameters<typeof cancelMoneyNote>) => cancelMoneyNote(...args)?.replace(/\s/g, " ") ?? null;

describe("the cancel form's note on the money the order holds", () => {
  it("names the payment when all of it goes back", () => {
    expect(noteOf({ online: 29_900, byTransfer: null }, null)).toMatch(/^Płatność online \(299 zł\) wróci do klienta przez Przelewy24/);
    expect(noteOf({ online: null, byTransfer: 39_900 }, null)).toMatch(/^Wpłata przelewem \(399 zł\) zostanie zapisana jako do zwrotu/);
  });

  it("after a decision that kept an amount, names the most that goes back and never the whole payment", () => {
    for (const held of [
      { online: 29_900, byTransfer: null },
      { online: null, byTransfer: 29_900 },
    ]) {
      const note = noteOf(held, afterDecision) ?? "";
      expect(note).toContain("Kwota zwrotu podana niżej (najwyżej 178,50 zł)");
      expect(note).not.toContain("299");
    }
  });

  it("says nothing when the order holds no money", () => {
    expect(noteOf({ online: null, byTransfer: null }, afterDecision)).toBeNull();
  });
});
