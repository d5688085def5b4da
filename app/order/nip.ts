/**
 * The Polish tax id (NIP): ten digits, the last a check digit. People write it with dashes in
 * groups (123-456-32-18 or 123-45-63-218), with spaces, or with the EU prefix "PL"; all of these
 * are the same number, kept as the ten digits alone.
 */
const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** The ten digits of a NIP as typed, or null when it is not ten digits after removing the prefix, dashes and spaces. */
export function nipDigits(typed: string): string | null {
  const bare = typed.replace(/[\s\u00a0-]/g, "").replace(/^PL/i, "");
  return /^\d{10}$/.test(bare) ? bare : null;
}

/** Whether ten digits carry a right check digit: the weighted sum of the first nine, modulo 11 (a remainder of 10 is never issued). */
export function hasValidNipChecksum(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}

/** A NIP as typed, read as its ten digits when it is a valid one; null otherwise. */
export function readNip(typed: string): string | null {
  const digits = nipDigits(typed);
  return digits && hasValidNipChecksum(digits) ? digits : null;
}

/** A NIP as invoices print it: 123-456-32-18. */
export function formatNip(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}
