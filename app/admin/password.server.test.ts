import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("operator passwords", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("zażółć gęślą jaźń 123");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain("jaźń");
    expect(await verifyPassword("zażółć gęślą jaźń 123", stored)).toBe(true);
    expect(await verifyPassword("zażółć gęślą jaźń 124", stored)).toBe(false);
  });

  it("salts each hash differently", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses a malformed stored value", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
  });
});
