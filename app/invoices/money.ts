/**
 * VAT on a price that includes it. The rate applies to the invoice's total (art. 106e ust. 10 of
 * the VAT act allows rounding per invoice): VAT = gross × rate / (100 + rate), rounded half up to
 * the grosz, and net is what is left, so net + VAT is always the gross the customer paid.
 */
export type VatRate = "23" | "zw";

export type InvoiceAmounts = { netGrosze: number; vatGrosze: number; grossGrosze: number };

export function amountsOfGross(grossGrosze: number, rate: VatRate): InvoiceAmounts {
  if (!Number.isInteger(grossGrosze)) throw new Error("grossGrosze must be whole grosze");
  if (rate === "zw") return { netGrosze: grossGrosze, vatGrosze: 0, grossGrosze };
  const percent = Number(rate);
  // Integer arithmetic: a half grosz rounds away from zero, as the law rounds (art. 106e ust. 11).
  const numerator = Math.abs(grossGrosze) * percent;
  const denominator = 100 + percent;
  const vatAbs = Math.floor((2 * numerator + denominator) / (2 * denominator));
  const vatGrosze = Math.sign(grossGrosze) * vatAbs;
  return { netGrosze: grossGrosze - vatGrosze, vatGrosze, grossGrosze };
}

/** What a correction changes: the amounts after it less those before, each on its own (negative when taken off). */
export function amountsDifference(after: InvoiceAmounts, before: InvoiceAmounts): InvoiceAmounts {
  return {
    netGrosze: after.netGrosze - before.netGrosze,
    vatGrosze: after.vatGrosze - before.vatGrosze,
    grossGrosze: after.grossGrosze - before.grossGrosze,
  };
}
