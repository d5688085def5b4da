import { describe, expect, it } from "vitest";
import { safeNextPath, sessionCookie, sessionIdOf } from "./session.server";

const SESSION_ID = "A".repeat(43);

describe("the operator's session cookie", () => {
  it("is HttpOnly, SameSite=Strict and limited to /admin", async () => {
    expect(await sessionCookie(SESSION_ID)).toMatch(/^adres_admin=[^;]+; Max-Age=28800; Path=\/admin;.* HttpOnly; SameSite=Strict/);
  });

  it("is read back from a Cookie header among others; a value it never wrote is no session", async () => {
    const cookie = (await sessionCookie(SESSION_ID)).split(";")[0]!;
    expect(await sessionIdOf(new Request("http://x/admin", { headers: { Cookie: `consent=accepted; ${cookie}` } }))).toBe(SESSION_ID);
    expect(await sessionIdOf(new Request("http://x/admin"))).toBeNull();
    for (const foreign of ["adres_admin=s3cr=t", "adres_admin=%", "adres_admin=e30%3D"]) {
      expect(await sessionIdOf(new Request("http://x/admin", { headers: { Cookie: foreign } })), foreign).toBeNull();
    }
  });

  it("returns after sign-in only to a back-office page", () => {
    expect(safeNextPath("/admin/orders/5")).toBe("/admin/orders/5");
    expect(safeNextPath("/admin?status=paid&q=Kowalski")).toBe("/admin?status=paid&q=Kowalski");
    for (const next of [
      null,
      "https://evil.example/admin",
      "//evil.example",
      "/regulamin",
      "/admin/login?next=/x",
      "/adminx",
      "/admin\\evil",
    ]) {
      expect(safeNextPath(next), String(next)).toBe("/admin");
    }
  });

  it("falls back to /admin for a next holding CR, LF, NUL, a space or any non-ASCII character (a Location header cannot carry them)", () => {
    for (const next of [
      "/admin\r\nSet-Cookie: x=1",
      "/admin\n",
      "/admin\u0000",
      "/admin/zamówienia",
      "/admin?q=Łódź",
      "/admin?q=a b",
      "/admin\u202e",
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBe("/admin");
    }
  });
});
