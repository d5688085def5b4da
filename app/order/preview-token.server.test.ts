import { describe, expect, it } from "vitest";
import { issueOrderToken, TOKEN_MAX_AGE_SECONDS, verifyOrderToken } from "./preview-token.server";

const KEY = "k".repeat(40);

describe("one-time order token", () => {
  it("verifies a token it issued and gives its issue time", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const token = issueOrderToken(now, KEY);
    expect(verifyOrderToken(token, now, KEY)).toEqual({ ok: true, issuedAt: now, expired: false });
  });

  it("carries 128 random bits, so two tokens differ", () => {
    const tokens = new Set(Array.from({ length: 100 }, () => issueOrderToken(new Date(), KEY)));
    expect(tokens.size).toBe(100);
    expect(Buffer.from(issueOrderToken(new Date(), KEY).split(".")[2]!, "base64url")).toHaveLength(16);
  });

  it("rejects tampered, foreign, missing and malformed tokens", () => {
    const now = new Date();
    const token = issueOrderToken(now, KEY);
    const [version, time, random, signature] = token.split(".");
    expect(verifyOrderToken(`${version}.${Number(time) + 1}.${random}.${signature}`, now, KEY).ok).toBe(false);
    expect(verifyOrderToken(`${version}.${time}.${"A".repeat(22)}.${signature}`, now, KEY).ok).toBe(false);
    expect(verifyOrderToken(issueOrderToken(now, "other".repeat(10)), now, KEY).ok).toBe(false);
    for (const bad of [undefined, "", "v1", 42, "v1.1.2.3", token + "x"]) expect(verifyOrderToken(bad, now, KEY).ok).toBe(false);
  });

  it("marks a token older than a day as expired", () => {
    const issued = new Date("2026-11-22T10:00:00Z");
    const later = new Date(issued.getTime() + (TOKEN_MAX_AGE_SECONDS + 1) * 1000);
    expect(verifyOrderToken(issueOrderToken(issued, KEY), later, KEY)).toMatchObject({ ok: true, expired: true });
  });
});
