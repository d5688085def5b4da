import { describe, expect, it } from "vitest";
import { base32Decode, hotp, secretOfUri, timeStepAt, totpCode } from "../../tests/support/authenticator";
import { acceptedTimeStep, newTotpSecret, totpUri } from "./totp.server";

const T0 = new Date("2026-11-23T09:00:10Z");
const seconds = (s: number) => new Date(T0.getTime() + s * 1000);

describe("the tests' authenticator app", () => {
  it("gives RFC 6238's own test values (appendix B, SHA-1)", () => {
    const key = Buffer.from("12345678901234567890");
    const vectors: Array<[number, string]> = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [time, code] of vectors) expect(hotp(key, Math.floor(time / 30), 8), String(time)).toBe(code);
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").toString()).toBe("12345678901234567890");
  });
});

describe("the site's code check (RFC 6238: 6 digits, 30 s, one step either way)", () => {
  const secret = newTotpSecret();
  const step = timeStepAt(T0.getTime());

  it("makes a 160-bit secret and an otpauth:// address an app reads", () => {
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri("ola@adres.test", secret);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Adres%20do%20eksmisji:ola%40adres\.test\?/);
    expect(secretOfUri(uri)).toBe(secret);
    // Six digits, 30 seconds and SHA-1 are what an app assumes when the address names none.
    expect([...new URL(uri).searchParams.keys()].sort()).toEqual(["issuer", "secret"]);
  });

  it("accepts the code of the current step and of one step before or after, and says which step it was", () => {
    for (const offset of [-1, 0, 1]) expect(acceptedTimeStep(secret, totpCode(secret, step + offset), null, T0)).toBe(step + offset);
    // Late in the half minute, the previous step's code is still within one step.
    expect(acceptedTimeStep(secret, totpCode(secret, step - 1), null, seconds(19))).toBe(step - 1);
  });

  it("refuses a stale code, one from further ahead, another secret's code, and anything not six digits", () => {
    expect(acceptedTimeStep(secret, totpCode(secret, step - 2), null, T0)).toBeNull();
    expect(acceptedTimeStep(secret, totpCode(secret, step + 2), null, T0)).toBeNull();
    expect(acceptedTimeStep(secret, totpCode(newTotpSecret(), step), null, T0)).toBeNull();
    for (const code of ["", "12345", "1234567", "12345a", " 123456"]) expect(acceptedTimeStep(secret, code, null, T0), code).toBeNull();
  });

  it("refuses the last accepted step and every older one, even within the window (no replay)", () => {
    expect(acceptedTimeStep(secret, totpCode(secret, step), step, T0)).toBeNull();
    expect(acceptedTimeStep(secret, totpCode(secret, step - 1), step, T0)).toBeNull();
    expect(acceptedTimeStep(secret, totpCode(secret, step + 1), step, T0)).toBe(step + 1);
    // A last step ahead of the clock (the clock went back) accepts nothing rather than failing.
    expect(acceptedTimeStep(secret, totpCode(secret, step), step + 5, T0)).toBeNull();
  });
});
