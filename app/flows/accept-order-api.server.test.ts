import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDatabase, openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { MAX_BODY_BYTES } from "~/security/body.server";
import { handleOrderApi } from "./accept-order-api.server";

/** The documented API body, exactly as an unchanged client of the original site sends it. */
const SPEC_BODY = {
  imie_nazwisko_najemcy: "Jan Kowalski",
  imie_nazwisko_wynajmujacego: "Anna Nowak",
  email: "jan@example.com",
  telefon: "600100200",
  adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
  adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
  rodzaj_oswiadczenia: "notarized",
  data_zawarcia: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  dodatkowe_informacje: "",
};
const CONSENTS = { zgoda_na_przetwarzanie_danych: true, akceptacja_warunkow: true, zgoda_na_natychmiastowe_wykonanie: true };

let db: AppDatabase;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "order-api-")), "orders.db") });
});
afterEach(() => db.destroy());

function request(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(`http://site.test${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
}
const preview = (body: BodyInit, headers?: Record<string, string>) =>
  handleOrderApi(request("/api/preview", body, headers), "details", { db });
const accept = (body: BodyInit, headers?: Record<string, string>) =>
  handleOrderApi(request("/api/accept", body, headers), "accept", { db });

async function countOrders() {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /api/preview", () => {
  it("answers the contract as escaped HTML from the same component as the pages, storing nothing", async () => {
    const response = await preview(JSON.stringify({ ...SPEC_BODY, imie_nazwisko_najemcy: "<script>alert(1)</script>" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const answer = await response.json();
    expect(answer.success).toBe(true);
    expect(answer.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(answer.html).not.toContain("<script>");
    expect(await countOrders()).toBe(0);
  });

  it("answers field messages in the body's language, never a 5xx, for malformed input", async () => {
    const cases: Array<[BodyInit, number]> = [
      ["{not json", 400],
      ["[1,2,3]", 400],
      ["null", 400],
      [JSON.stringify({ ...SPEC_BODY, email: 42 }), 400],
      [new Uint8Array([0xff, 0xfe, 0x7b]), 400],
    ];
    for (const [body, status] of cases) expect((await preview(body)).status).toBe(status);
    const english = await (await preview(JSON.stringify({ ...SPEC_BODY, telefon: "1", jezyk: "en" }))).json();
    expect(english.fieldErrors.telefon).toBe("Invalid phone number");
  });

  it("answers a non-boolean early-start request with the field's type, not with a demand that contradicts its being optional", async () => {
    for (const [jezyk, message] of [
      ["pl", "To pole musi mieć wartość true albo false"],
      ["en", "This field must be true or false"],
    ] as const) {
      const answer = await (
        await accept(JSON.stringify({ ...SPEC_BODY, ...CONSENTS, zgoda_na_natychmiastowe_wykonanie: "tak", jezyk }))
      ).json();
      expect(answer.fieldErrors.zgoda_na_natychmiastowe_wykonanie, jezyk).toBe(message);
    }
    expect(await countOrders()).toBe(0);
  });

  it("answers a language it does not know with its own message, never repeating what was sent", async () => {
    const forged = "x\n[outbox] message 1 (order_paid) sent: FORGED\u001b[31m";
    const response = await preview(JSON.stringify({ ...SPEC_BODY, jezyk: forged }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toEqual({ jezyk: "Nieobsługiwany język: podaj pl, en, uk albo ru" });
    expect(JSON.stringify(body)).not.toContain("FORGED");
  });

  it("refuses a body that is not JSON (what another site's form could send) with 415", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      expect((await preview(JSON.stringify(SPEC_BODY), { "Content-Type": contentType })).status).toBe(415);
    }
    expect((await accept(JSON.stringify(SPEC_BODY), { "Content-Type": "text/plain;charset=UTF-8" })).status).toBe(415);
    expect(await countOrders()).toBe(0);
  });

  it("refuses a body over 64 KiB with 413, whatever Content-Length claims", async () => {
    const big = JSON.stringify({ ...SPEC_BODY, dodatkowe_informacje: "x".repeat(MAX_BODY_BYTES) });
    expect((await preview(big)).status).toBe(413);
    expect((await preview(big, { "Content-Length": "10" })).status).toBe(413);
  });
});

describe("POST /api/accept", () => {
  it("takes an order before the flat is found (adres_lokalu_pozniej), and an unchanged client's body as before", async () => {
    const { adres_eksmisji: _flat, ...withoutFlat } = SPEC_BODY;
    const later = await accept(JSON.stringify({ ...withoutFlat, ...CONSENTS, adres_lokalu_pozniej: true }), {
      "Idempotency-Key": "later-1",
    });
    expect(later.status).toBe(201);
    const replay = await accept(JSON.stringify({ ...withoutFlat, ...CONSENTS, adres_lokalu_pozniej: true }), {
      "Idempotency-Key": "later-1",
    });
    expect(replay.status).toBe(200);
    const old = await accept(JSON.stringify({ ...SPEC_BODY, ...CONSENTS }), { "Idempotency-Key": "old-1" });
    expect(old.status).toBe(201);
    const rows = await db.selectFrom("orders").select(["idempotency_key", "address_pending", "property_address"]).orderBy("id").execute();
    expect(rows).toEqual([
      { idempotency_key: expect.stringContaining("later-1"), address_pending: 1, property_address: "" },
      { idempotency_key: expect.stringContaining("old-1"), address_pending: 0, property_address: SPEC_BODY.adres_eksmisji },
    ]);
    const missing = await accept(JSON.stringify({ ...withoutFlat, ...CONSENTS }), { "Idempotency-Key": "old-2" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, fieldErrors: { adres_eksmisji: expect.any(String) } });
  });

  it("writes one order per Idempotency-Key and answers the replay with the same payment_url", async () => {
    const body = JSON.stringify({ ...SPEC_BODY, ...CONSENTS });
    const first = await accept(body, { "Idempotency-Key": "client-key-1" });
    expect(first.status).toBe(201);
    const firstAnswer = await first.json();
    expect(firstAnswer).toMatchObject({ success: true, error: null });
    expect(firstAnswer.payment_url).toMatch(/^\/platnosc\/[A-Za-z0-9_-]{32}$/);
    const replay = await accept(body, { "Idempotency-Key": "client-key-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await replay.json()).payment_url).toBe(firstAnswer.payment_url);
    expect(await countOrders()).toBe(1);
  });

  it("answers 422 when an Idempotency-Key comes back with a different order, writing nothing", async () => {
    await accept(JSON.stringify({ ...SPEC_BODY, ...CONSENTS }), { "Idempotency-Key": "client-key-2" });
    const other = await accept(JSON.stringify({ ...SPEC_BODY, ...CONSENTS, imie_nazwisko_najemcy: "Someone Else" }), {
      "Idempotency-Key": "client-key-2",
    });
    expect(other.status).toBe(422);
    expect((await other.json()).success).toBe(false);
    expect(await countOrders()).toBe(1);
  });

  it("treats the invoice asked for as part of the order: the same buyer replays, another buyer or none is refused", async () => {
    const invoice = { nabywca: "Kowalski & Syn sp. j.", adres: "ul. Krzywa 2/4, 60-001 Poznań", nip: "779-101-13-27" };
    const send = (faktura: unknown) =>
      accept(JSON.stringify({ ...SPEC_BODY, ...CONSENTS, ...(faktura ? { faktura } : {}) }), { "Idempotency-Key": "client-key-3" });
    expect((await send(invoice)).status).toBe(201);
    // The same NIP written another way is the same buyer.
    expect((await send({ ...invoice, nip: "PL7791011327" })).status).toBe(200);
    for (const other of [
      { ...invoice, nip: "1234563218" },
      { ...invoice, nabywca: "Inna Firma sp. z o.o." },
      { ...invoice, adres: "ul. Prosta 1, 00-001 Warszawa" },
      null,
    ]) {
      const answer = await send(other);
      expect(answer.status).toBe(422);
      expect((await answer.json()).success).toBe(false);
    }
    expect(await countOrders()).toBe(1);
  });

  it("refuses a malformed Idempotency-Key and other methods", async () => {
    expect((await accept(JSON.stringify({ ...SPEC_BODY, ...CONSENTS }), { "Idempotency-Key": "two words" })).status).toBe(400);
    const get = await handleOrderApi(new Request("http://site.test/api/accept"), "accept", { db });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(await countOrders()).toBe(0);
  });
});

describe.each(DIALECTS)("control characters through the API on %s", (dialect) => {
  let own: AppDatabase;
  beforeEach(async () => {
    own = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => own.destroy());
  const acceptInto = (body: unknown) => handleOrderApi(request("/api/accept", JSON.stringify(body)), "accept", { db: own });

  it("answers a NUL, a line break or a bidi override with 400 and the field, never a 503 that a client would retry for ever", async () => {
    for (const [field, value] of [
      ["imie_nazwisko_najemcy", "Jan\u0000Kowalski"],
      ["adres_najemcy", "ul. Krótka 1\r\nBcc: evil@example.com"],
      ["imie_nazwisko_wynajmujacego", "\u202eakwoN annA"],
      ["dodatkowe_informacje", "a\u0000b"],
    ] as const) {
      const response = await acceptInto({ ...SPEC_BODY, ...CONSENTS, [field]: value, jezyk: "en" });
      expect(response.status, field).toBe(400);
      expect(response.headers.get("Retry-After")).toBeNull();
      expect(Object.keys((await response.json()).fieldErrors)).toEqual([field]);
    }
    expect(
      Number(
        (
          await own
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it("answers a character XML 1.0 forbids (U+FFFE, U+FFFF, a lone surrogate) with 400 and the field: no invoice whose FA(3) file cannot be read", async () => {
    const faktura = { nabywca: "Kowalski & Syn sp. j.", adres: "ul. Krzywa 2/4, 60-001 Poznań", nip: "779-101-13-27" };
    for (const [body, field] of [
      [{ faktura: { ...faktura, nabywca: "Kowalski & Syn\uFFFE sp. j." } }, "faktura.nabywca"],
      [{ faktura: { ...faktura, adres: "ul. Krzywa 2/4\uFFFF, 60-001 Poznań" } }, "faktura.adres"],
      [{ imie_nazwisko_najemcy: "Jan \ud800Kowalski" }, "imie_nazwisko_najemcy"],
      [{ dodatkowe_informacje: "Piętro 3\r\nDzwonić \udfff" }, "dodatkowe_informacje"],
    ] as const) {
      // JSON.stringify writes a lone surrogate as its escape ("\ud800" in the body), as a client's JSON would carry it.
      const response = await acceptInto({ ...SPEC_BODY, ...CONSENTS, ...body, jezyk: "uk" });
      expect(response.status, field).toBe(400);
      const answer = (await response.json()) as { fieldErrors: Record<string, string> };
      expect(Object.keys(answer.fieldErrors), field).toEqual([field]);
      expect(answer.fieldErrors[field]).toMatch(/невидимі символи/);
    }
    expect(await own.selectFrom("orders").select("id").execute()).toEqual([]);
  });
});

describe("what a failure to save answers", () => {
  it("503 with Retry-After only while the database cannot be reached, a plain 500 for a failure that would repeat", async () => {
    const unreachable = createDatabase({ postgresUrl: "postgres://nobody:x@127.0.0.1:9/none" });
    try {
      const response = await handleOrderApi(request("/api/accept", JSON.stringify({ ...SPEC_BODY, ...CONSENTS })), "accept", {
        db: unreachable,
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
    } finally {
      await unreachable.destroy().catch(() => undefined);
    }
    await sql`DROP TABLE orders`.execute(db);
    const broken = await accept(JSON.stringify({ ...SPEC_BODY, ...CONSENTS }));
    expect(broken.status).toBe(500);
    expect(broken.headers.get("Retry-After")).toBeNull();
    expect((await broken.json()).success).toBe(false);
  });
});
