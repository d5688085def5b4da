import { describe, expect, it } from "vitest";
import { bigAnswer } from "../../tests/support/big-answer";
import { JSON_ANSWER_MAX_BYTES } from "~/security/outside-answer.server";
import { KsefUnavailableError } from "./gateway";
import { createKsefClient } from "./ksef-api.server";

describe("KSeF's answers are read within a size limit", () => {
  it("an answer of 8 MiB is cut at the limit: KSeF counts as unavailable for now, and the rest is never read", async () => {
    const answer = bigAnswer(8 * 1024 * 1024);
    const client = createKsefClient(
      { apiUrl: "https://api-test.ksef.invalid/v2", token: "t", nip: "5265877635" },
      { fetch: async () => answer.response() },
    );
    await expect(client.openSession()).rejects.toBeInstanceOf(KsefUnavailableError);
    expect(answer.pulled()).toBeLessThanOrEqual(JSON_ANSWER_MAX_BYTES + 64 * 1024);
  });
});
