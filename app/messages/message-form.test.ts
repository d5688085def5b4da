import { describe, expect, it } from "vitest";
import { messageProblem, readContactForm, typedText } from "./message-form";
import { threadEntries, warsawDateTime } from "./thread-view";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the order page's message", () => {
  it("is refused when empty or blank, and over the limit counted in characters a person sees", () => {
    expect(messageProblem("", 10)).toBe("empty");
    expect(messageProblem(" \n\t ", 10)).toBe("empty");
    expect(messageProblem("a".repeat(10), 10)).toBeNull();
    expect(messageProblem("a".repeat(11), 10)).toBe("tooLong");
    // Ten emoji are ten characters, though JavaScript counts twenty code units.
    expect(messageProblem("🙂".repeat(10), 10)).toBeNull();
  });

  it("comes back as typed, markup and all, cut only far past the limit", () => {
    expect(typedText(form({ message: "<b>Pilne</b> https://example.com" }), "message", 10)).toBe("<b>Pilne</b> https://example.com");
    expect(typedText(form({ message: "x".repeat(5000) }), "message", 10)).toHaveLength(1010);
    expect(typedText(form({}), "message", 10)).toBe("");
  });
});

describe("readContactForm", () => {
  it("accepts a name, an e-mail and a message, trimmed where spaces mean nothing", () => {
    const read = readContactForm(form({ name: "  Olena Kowalenko ", email: " olena@example.com ", message: "Pytanie\no umowę" }), 2000);
    expect(read).toEqual({
      values: { name: "Olena Kowalenko", email: "olena@example.com", message: "Pytanie\no umowę" },
      errors: {},
      valid: true,
    });
  });

  it("names each field's first problem and keeps every value as typed", () => {
    const read = readContactForm(form({ name: "", email: "olena@", message: "x".repeat(21) }), 20);
    expect(read.valid).toBe(false);
    expect(read.errors).toEqual({ name: "nameRequired", email: "emailInvalid", message: "tooLong" });
    expect(read.values).toEqual({ name: "", email: "olena@", message: "x".repeat(21) });
    expect(readContactForm(form({ name: "Jan\nKowalski", email: "", message: " " }), 20).errors).toEqual({
      name: "nameControl",
      email: "emailRequired",
      message: "empty",
    });
  });
});

describe("the thread as the page shows it", () => {
  it("dates each message in Warsaw time in the page's language, whatever the server's zone", () => {
    // 23:30 UTC on 31 March is already 1 April in Warsaw (summer time, UTC+2).
    expect(warsawDateTime("2026-03-31T23:30:00.000Z", "pl")).toBe("1 kwietnia 2026 01:30");
    expect(warsawDateTime("2026-03-31T23:30:00.000Z", "uk")).toMatch(/^1 квітня 2026.*01:30$/);
  });

  it("keeps the order, the author and an erased message's date", () => {
    const entries = threadEntries(
      [
        { id: 1, author: "customer", body: "Pytanie", createdAt: "2026-05-04T08:00:00.000Z" },
        { id: 2, author: "operator", body: null, createdAt: "2026-05-04T09:15:00.000Z" },
      ],
      "en",
    );
    expect(entries.map((entry) => [entry.id, entry.author, entry.body, entry.iso])).toEqual([
      [1, "customer", "Pytanie", "2026-05-04T08:00:00.000Z"],
      [2, "operator", null, "2026-05-04T09:15:00.000Z"],
    ]);
    expect(entries[1]!.at).toBe("4 May 2026 at 11:15");
  });
});
