import { describe, expect, it } from "vitest";
import { readWithdrawalForm } from "./statement";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const VALID = { name: "Jan Kowalski", reference: "AE-2026-000123", email: "jan@example.com" };

describe("the withdrawal form's fields", () => {
  it("names a character XML 1.0 forbids with the field's message and shows every value as typed", () => {
    const typed = { name: "Jan\uFFFEKowalski", reference: "AE-2026-000123\uFFFF", email: "jan@example.com" };
    const { valid, errors, values } = readWithdrawalForm(form(typed));
    expect(valid).toBeNull();
    expect(errors).toEqual({ name: "withdrawal:validation.controlCharacters", reference: "withdrawal:validation.controlCharacters" });
    expect(values).toEqual(typed);
    expect(readWithdrawalForm(form(VALID)).valid).toEqual(VALID);
  });
});
