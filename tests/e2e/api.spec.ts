import { expect, test } from "@playwright/test";
import { countOrders, inDays } from "./support/order";
import { HTTP_ONLY, strings } from "./support/site";

/** The JSON API over real HTTP against the running server (the original site's client sends these bodies). */
const pl = strings("pl", "order");
const en = strings("en", "order");

function body(tag: string) {
  return {
    imie_nazwisko_najemcy: `API ${tag} ${Math.random().toString(36).slice(2, 8)}`,
    imie_nazwisko_wynajmujacego: "Anna Nowak",
    email: "jan@example.com",
    telefon: "600100200",
    adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
    adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
    rodzaj_oswiadczenia: "regular",
    data_zawarcia: inDays(10),
    dodatkowe_informacje: "",
  };
}
const CONSENTS = { zgoda_na_przetwarzanie_danych: true, akceptacja_warunkow: true, zgoda_na_natychmiastowe_wykonanie: true };

test.describe("POST /api/preview", HTTP_ONLY, () => {
  test("answers the contract as escaped HTML and stores nothing", async ({ request }, testInfo) => {
    const payload = {
      ...body(testInfo.project.name),
      imie_nazwisko_najemcy: `<img src=x onerror=alert(1)> ${testInfo.project.name}-${Date.now()}`,
    };
    const response = await request.post("/api/preview", { data: payload });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["content-security-policy"]).toContain("default-src 'self'");
    const json = await response.json();
    expect(json.success).toBe(true);
    expect(json.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(json.html).not.toContain("<img");
    expect(json.html).toContain("19a");
    expect(countOrders(payload.imie_nazwisko_najemcy)).toBe(0);
  });

  test("variant 2's body (no landlord, no date, 90 days) is accepted", async ({ request }, testInfo) => {
    const {
      imie_nazwisko_wynajmujacego: _landlord,
      data_zawarcia: _date,
      dodatkowe_informacje: _info,
      ...rest
    } = body(testInfo.project.name);
    const response = await request.post("/api/preview", { data: { ...rest, okres_najmu_dni: 90 } });
    expect(response.status()).toBe(200);
    expect((await response.json()).html).toContain("90 dni");
  });
});

test.describe("POST /api/accept", HTTP_ONLY, () => {
  test("writes one order per Idempotency-Key and answers the same payment_url", async ({ request }, testInfo) => {
    const payload = { ...body(testInfo.project.name), ...CONSENTS };
    const key = `e2e-${testInfo.project.name}-${Date.now()}`;
    const [first, second] = await Promise.all([
      request.post("/api/accept", { data: payload, headers: { "Idempotency-Key": key } }),
      request.post("/api/accept", { data: payload, headers: { "Idempotency-Key": key } }),
    ]);
    const answers = [await first.json(), await second.json()];
    for (const answer of answers) {
      expect(answer.success).toBe(true);
      expect(answer.error).toBeNull();
      expect(answer.payment_url).toMatch(/^\/platnosc\/[A-Za-z0-9_-]{32}$/);
    }
    expect(answers[0].payment_url).toBe(answers[1].payment_url);
    expect([first.status(), second.status()].sort()).toEqual([200, 201]);
    expect(countOrders(payload.imie_nazwisko_najemcy)).toBe(1);

    const page = await request.get(answers[0].payment_url);
    expect(page.status()).toBe(200);
    expect((await page.text()).replace(/\s/g, " ")).toContain("299 zł");
  });

  test("the original client's exact body, with no consent fields, places the order (the client's UI collected the ticks)", async ({
    request,
  }, testInfo) => {
    const payload = body(testInfo.project.name);
    const response = await request.post("/api/accept", { data: payload });
    expect(response.status()).toBe(201);
    expect((await response.json()).success).toBe(true);
    expect(countOrders(payload.imie_nazwisko_najemcy)).toBe(1);
  });

  test("an Idempotency-Key sent again with another order gets 422 and writes nothing", async ({ request }, testInfo) => {
    const key = `reuse-${testInfo.project.name}-${Date.now()}`;
    const first = body(testInfo.project.name);
    const second = body(testInfo.project.name);
    expect((await request.post("/api/accept", { data: first, headers: { "Idempotency-Key": key } })).status()).toBe(201);
    const reused = await request.post("/api/accept", { data: { ...second, jezyk: "en" }, headers: { "Idempotency-Key": key } });
    expect(reused.status()).toBe(422);
    expect(await reused.json()).toMatchObject({ success: false, error: en.api.idempotencyConflict });
    expect(countOrders(second.imie_nazwisko_najemcy)).toBe(0);
  });
});

test.describe("malformed input never gets a 5xx", HTTP_ONLY, () => {
  const cases: Array<{ name: string; data: string | Buffer; status: number; error: string; headers?: Record<string, string> }> = [
    { name: "not JSON", data: "imie=Jan", status: 400, error: pl.api.invalidJson },
    { name: "a JSON array", data: "[1,2]", status: 400, error: pl.api.invalidJson },
    { name: "JSON null", data: "null", status: 400, error: pl.api.invalidJson },
    { name: "an empty body", data: "", status: 400, error: pl.api.invalidJson },
    {
      name: "wrong types",
      data: JSON.stringify({ imie_nazwisko_najemcy: 5, telefon: ["600100200"], email: {}, rodzaj_oswiadczenia: true }),
      status: 400,
      error: pl.api.invalid,
    },
    { name: "missing fields", data: "{}", status: 400, error: pl.api.invalid },
    { name: "broken UTF-8", data: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), status: 400, error: pl.api.invalidJson },
    {
      name: "a body over 64 KiB",
      data: JSON.stringify({ dodatkowe_informacje: "x".repeat(70 * 1024) }),
      status: 413,
      error: pl.api.tooLarge,
    },
  ];
  for (const endpoint of ["/api/preview", "/api/accept"]) {
    for (const { name, data, status, error } of cases) {
      test(`${endpoint} with ${name} answers ${status}`, async ({ request }) => {
        const response = await request.post(endpoint, { data, headers: { "Content-Type": "application/json" } });
        expect(response.status()).toBe(status);
        expect(await response.json()).toMatchObject({ success: false, error });
      });
    }
  }

  test("a wrong type gives a field message; a bad Idempotency-Key and GET are refused", async ({ request }) => {
    const typed = await request.post("/api/preview", { data: { ...body("types"), telefon: 600100200 } });
    expect(typed.status()).toBe(400);
    expect((await typed.json()).fieldErrors).toEqual({ telefon: pl.validation.phone });

    const badKey = await request.post("/api/accept", {
      data: { ...body("key"), ...CONSENTS },
      headers: { "Idempotency-Key": "x".repeat(201) },
    });
    expect(badKey.status()).toBe(400);
    expect((await badKey.json()).error).toBe(pl.api.idempotencyKey);

    const get = await request.get("/api/accept");
    expect(get.status()).toBe(405);
  });

  test("the order form itself answers 400, not 500, to junk posts", async ({ request }) => {
    for (const [data, contentType] of [
      ["garbage", "multipart/form-data; boundary=nope"],
      ["intent=accept&token=v1.1.2.3", "application/x-www-form-urlencoded"],
      ["intent=accept", "application/x-www-form-urlencoded"],
      ["%%%&&&==", "application/x-www-form-urlencoded"],
    ] as const) {
      for (const path of ["/zamowienie-oswiadczenia", "/umowa-automatyczna", "/ru/order-declaration"]) {
        const response = await request.post(path, { data, headers: { "Content-Type": contentType }, maxRedirects: 0 });
        expect(response.status(), `${path} ${data}`).toBe(400);
      }
    }
  });
});
