import { describe, expect, it } from "vitest";
import { safeNextPath, sessionCookie, sessionIdOf } from "./session.server";

describe("the operator's session cookie", () => {
  it("is HttpOnly, SameSite=Strict and limited to /admin", () => {
    expect(sessionCookie("abc")).toMatch(/^adres_admin=abc; Max-Age=28800; Path=\/admin; HttpOnly; SameSite=Strict/);
  });

  it("is read back from a Cookie header among others", () => {
    expect(sessionIdOf(new Request("http://x/admin", { headers: { Cookie: "consent=accepted; adres_admin=s3cr=t" } }))).toBe("s3cr=t");
    expect(sessionIdOf(new Request("http://x/admin"))).toBeNull();
  });

  it("returns after sign-in only to a back-office page", () => {
    expect(safeNextPath("/admin/orders/5")).toBe("/admin/orders/5");
    for (const next of [null, "https://evil.example/admin", "//evil.example", "/regulamin", "/admin/login?next=/x"]) expect(safeNextPath(next), String(next)).toBe("/admin");
  });
});
