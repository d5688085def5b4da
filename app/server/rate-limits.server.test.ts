import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { POST_LIMIT_PER_MINUTE, PROVIDER_POST_LIMIT_PER_MINUTE, rateLimitsFor } from "./rate-limits.server";

const opened: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

describe.each(DIALECTS)("request budgets on %s", (dialect) => {
  it("instances starting together on one new database each migrate it and count in one table", async () => {
    const target = await freshTarget(dialect);
    // Four processes' worth, started at once: the migrations serialise, and the counters' table
    // is theirs to make (before, each limiter raced to create it, and one process crashed).
    opened.push(...(await Promise.all([1, 2, 3, 4].map(() => openDatabase(target)))));
    const instances = [1, 2, 3, 4].map(() => rateLimitsFor(target));

    const verdicts = await Promise.all(
      Array.from({ length: POST_LIMIT_PER_MINUTE }, (_, i) => instances[i % instances.length]!.check("POST", "203.0.113.7")),
    );
    expect(verdicts.every((verdict) => verdict.allowed)).toBe(true);

    const over = await instances[0]!.check("POST", "203.0.113.7");
    expect(over.allowed).toBe(false);
    expect(over.allowed === false && over.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(over.allowed === false && over.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await instances[3]!.check("POST", "198.51.100.1")).toEqual({ allowed: true });
    expect(await instances[2]!.check("GET", "203.0.113.7")).toEqual({ allowed: true });
  });

  it("gives the providers' notifications a budget of their own, larger than the forms', and counted apart", async () => {
    const target = await freshTarget(dialect);
    opened.push(await openDatabase(target));
    const limits = rateLimitsFor(target);
    for (let i = 0; i < POST_LIMIT_PER_MINUTE; i++) expect(await limits.check("POST", "91.216.25.17")).toEqual({ allowed: true });
    expect((await limits.check("POST", "91.216.25.17")).allowed).toBe(false);
    const verdicts = [];
    for (let i = 0; i < PROVIDER_POST_LIMIT_PER_MINUTE; i++) verdicts.push(await limits.check("PROVIDER", "91.216.25.17"));
    expect(verdicts.every((verdict) => verdict.allowed)).toBe(true);
    expect((await limits.check("PROVIDER", "91.216.25.17")).allowed).toBe(false);
  });
});
