import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "./headers.server";

describe("security headers", () => {
  it("allow scripts only from our origin or with the request's nonce", () => {
    const policy = contentSecurityPolicy({ nonce: "abc" });
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("make a fresh, unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    expect(Buffer.from(createNonce(), "base64")).toHaveLength(16);
  });

  it("set the companion headers", () => {
    const headers = applySecurityHeaders(new Headers());
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("keep a route's own stricter Referrer-Policy", () => {
    const headers = applySecurityHeaders(new Headers({ "Referrer-Policy": "no-referrer" }), { nonce: "abc" });
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});
