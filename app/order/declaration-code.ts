import { pathFor } from "~/i18n/routes";

/**
 * The verification code a declaration carries (docs/decisions/089): the landlord types it, or
 * scans its QR code, to see that the declaration is genuine and still valid. Twelve symbols of
 * Crockford's base 32 (digits and capital letters without I, L, O and U), shown in three groups
 * of four: `7KQ4-M2XD-9TRW`. One of each look-alike pair is in the alphabet (0, not O; 1, not I
 * or L), so whatever a person reads into a printed code, typing it finds the same code.
 */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 12;
const GROUP = 4;

/** What guessing a code is up against: log2(alphabet size) bits for each symbol. */
export const CODE_BITS = CODE_LENGTH * Math.log2(CODE_ALPHABET.length);

/**
 * What a person may type for a symbol that is not in the alphabet but looks like one: O for 0,
 * I and L for 1, and the Cyrillic letters a Ukrainian or Russian keyboard types in place of their
 * Latin twins (А В Е К М Н О Р С Т Х).
 */
const LOOK_ALIKES: Record<string, string> = {
  O: "0",
  I: "1",
  L: "1",
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "0",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
};

/** Spaces, hyphens and dashes a person puts between the groups (or a copy picks up), and dots. */
const SEPARATORS = /[\s\-‐‑‒–—.]/g;

/** The code as printed and shown: "7KQ4M2XD9TRW" → "7KQ4-M2XD-9TRW". */
export function formatCode(compact: string): string {
  const groups: string[] = [];
  for (let start = 0; start < compact.length; start += GROUP) groups.push(compact.slice(start, start + GROUP));
  return groups.join("-");
}

/**
 * The stored (compact) form of what a person typed, or null when it cannot be a code: case,
 * separators and look-alikes do not matter; a wrong length or a symbol outside the alphabet does.
 * Long input is refused before it is folded.
 */
export function normaliseCode(typed: string): string | null {
  if (typed.length > 64) return null;
  const compact = [...typed.toUpperCase().replace(SEPARATORS, "")].map((symbol) => LOOK_ALIKES[symbol] ?? symbol).join("");
  if (compact.length !== CODE_LENGTH) return null;
  return [...compact].every((symbol) => CODE_ALPHABET.includes(symbol)) ? compact : null;
}

/** A code from `randomIndex` (crypto's randomInt on the server): each symbol drawn uniformly from the alphabet. */
export function codeFrom(randomIndex: (size: number) => number): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomIndex(CODE_ALPHABET.length)]!).join("");
}

/** Where the QR code leads: the verification page of this code, on the site, in Polish like the declaration. */
export function verificationUrl(siteUrl: string, compact: string): string {
  return `${siteUrl}${pathFor("verifyCode", "pl", { code: formatCode(compact) })}`;
}
