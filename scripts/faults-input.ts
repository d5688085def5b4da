// npm run test:faults, part "input" (FAULT_ONLY=input): hostile text and form shapes, on SQLite
// and on a private PostgreSQL, over real HTTP on 127.0.0.1.
//   - deep field names ("a.a.a…", "a[0][0]…", up to 20,000 levels) and forms of 101 to 3,000
//     fields over every form route: 0 × 5xx, the order pages and the back office answer 400;
//   - every C0 control, DEL, C1 controls, the line and paragraph separators and the bidi
//     controls in each text field of the JSON API, the order form, the sign-in and the back
//     office's search and CSV: each is a 400 (never a 503 a client would retry for ever, never
//     a 500 from PostgreSQL refusing a NUL), and no order is stored;
//   - the same characters in the token of every route that takes one (the payment page in each
//     language, its BLIK and pay-by-link form, the agreement PDF): each is a 404.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { waitUntilUp, stopOwnSite } from "../tests/e2e/support/own-server";
import { startPostgres } from "../tests/support/postgres";
import { validOrderForm } from "../tests/support/valid-order";
import { addOperator, OPERATOR_PASSWORD, OPERATOR_SECRET_KEY, signIn } from "./faults-operator";

type Record_ = (check: string, goal: string, measured: string, pass: boolean) => void;
export type InputFaultContext = { port: number; record: Record_; startSite: (env: Record<string, string>) => ChildProcess };

const SECRET = "faults-input-test-secret-of-at-least-32-characters";
const OPERATOR = "operator@faults-input.test";

/** Every character a one-line field refuses, plus a few a multi-line one refuses too. */
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009f",
  "\u2028",
  "\u2029",
  ...["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"],
];
const API_BODY = {
  imie_nazwisko_najemcy: "Jan Kowalski",
  imie_nazwisko_wynajmujacego: "Anna Nowak",
  email: "jan@example.com",
  telefon: "600100200",
  adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
  adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
  rodzaj_oswiadczenia: "regular",
  data_zawarcia: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  dodatkowe_informacje: "",
};
const FORM = { ...validOrderForm(), startDate: API_BODY.data_zawarcia };
const FORM_ROUTES = [
  "/zamowienie-oswiadczenia",
  "/en/order-declaration",
  "/uk/order-declaration",
  "/ru/order-declaration",
  "/umowa-automatyczna",
  "/admin/login",
];
const OTHER_FORM_ROUTES = ["/consent", "/tracking/event", "/admin/logout", "/admin/orders/1"];

/** Counts answers by status; `wanted` is what every answer should be. */
class Tally {
  readonly statuses = new Map<number, number>();
  readonly examples: string[] = [];
  add(status: number, what: string) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 500 && this.examples.length < 5) this.examples.push(`${status} ${what}`);
  }
  count(test: (status: number) => boolean) {
    return [...this.statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
  }
  get total() {
    return this.count(() => true);
  }
  toString() {
    return [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
  }
}

export async function inputFaults(context: InputFaultContext): Promise<void> {
  for (const dialect of ["sqlite", "postgres"] as const) await inputFaultsOn(dialect, context);
}

async function inputFaultsOn(dialect: "sqlite" | "postgres", { port, record, startSite }: InputFaultContext) {
  const base = `http://127.0.0.1:${port}`;
  const postgres = dialect === "postgres" ? await startPostgres() : null;
  const databasePath = join(mkdtempSync(join(tmpdir(), "faults-input-")), "app.db");
  const database: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: databasePath };
  const env = { ...database, ORDER_TOKEN_SECRET: SECRET, RATE_LIMIT_DISABLED: "1", OPERATOR_SECRET_KEY };
  const site = startSite(env);
  const started = performance.now();
  try {
    await waitUntilUp(port, site);
    const cookie = await signIn(base, OPERATOR, addOperator(env, OPERATOR));
    const formPost = (path: string, body: string, cookie = "") =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
      }).then(
        async (response) => (await response.arrayBuffer(), response),
        () => null,
      );

    // Deep names and too many fields, over every route that reads a form.
    const shapes = new Tally();
    const expected400 = new Tally();
    const valid = new URLSearchParams({ ...FORM, intent: "preview" }).toString();
    const bodies = [
      ...[5, 50, 5_000, 20_000].flatMap((depth) => [`${"a.".repeat(depth)}a=1&${valid}`, `a${"[0]".repeat(depth)}=1&${valid}`]),
      ...[101, 500, 3_000].map((fields) => `${valid}&${Array.from({ length: fields }, (_, i) => `f${i}=x`).join("&")}`),
    ];
    for (const path of [...FORM_ROUTES, ...OTHER_FORM_ROUTES]) {
      for (const body of bodies) {
        const response = await formPost(path, body, path.startsWith("/admin/orders") ? cookie : "");
        const status = response?.status ?? 0;
        shapes.add(status, `${path} ${body.length} bytes`);
        if (FORM_ROUTES.includes(path)) expected400.add(status, path);
      }
    }
    console.log(
      `input on ${dialect}: ${shapes.total} deep or crowded forms over ${FORM_ROUTES.length + OTHER_FORM_ROUTES.length} routes; statuses ${shapes}`,
    );
    for (const example of shapes.examples) console.log(`  ${example}`);
    record(
      `input on ${dialect}: deep field names and crowded forms answered without a 5xx`,
      "0",
      `${shapes.count((s) => s >= 500 || s === 0)} of ${shapes.total}`,
      shapes.count((s) => s >= 500 || s === 0) === 0,
    );
    record(
      `input on ${dialect}: order pages and sign-in refuse them with 400`,
      `${expected400.total}`,
      String(expected400.count((s) => s === 400)),
      expected400.count((s) => s === 400) === expected400.total,
    );

    // Control characters in every text field, on every path they can take.
    const controls = new Tally();
    const tryOne = async (what: string, request: Promise<Response | null>) => controls.add((await request)?.status ?? 0, what);
    for (const character of CONTROL_CHARACTERS) {
      const label = `U+${character.codePointAt(0)!.toString(16).padStart(4, "0")}`;
      for (const field of ["imie_nazwisko_najemcy", "imie_nazwisko_wynajmujacego", "email", "telefon", "adres_najemcy", "adres_eksmisji"]) {
        const body = JSON.stringify({
          ...API_BODY,
          [field]: `${(API_BODY as Record<string, string>)[field]!.slice(0, 3)}${character}${(API_BODY as Record<string, string>)[field]!.slice(3)}`,
        });
        await tryOne(
          `api ${field} ${label}`,
          fetch(`${base}/api/accept`, { method: "POST", headers: { "Content-Type": "application/json" }, body }).catch(() => null),
        );
      }
      if (!["\n", "\r"].includes(character)) {
        await tryOne(
          `api extra info ${label}`,
          fetch(`${base}/api/accept`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ ...API_BODY, dodatkowe_informacje: `a${character}b` }),
          }).catch(() => null),
        );
      }
      for (const field of ["tenantName", "email", "propertyAddress", "mailingCity"]) {
        const values = {
          ...FORM,
          [field]: `${FORM[field as keyof typeof FORM].slice(0, 3)}${character}${FORM[field as keyof typeof FORM].slice(3)}`,
        };
        await tryOne(
          `form ${field} ${label}`,
          formPost("/zamowienie-oswiadczenia", new URLSearchParams({ ...values, intent: "preview" }).toString()),
        );
        await tryOne(
          `form accept ${field} ${label}`,
          formPost(
            "/zamowienie-oswiadczenia",
            new URLSearchParams({ ...values, intent: "accept", token: "v1.x.y", acceptTerms: "on" }).toString(),
          ),
        );
      }
      await tryOne(
        `sign-in ${label}`,
        formPost("/admin/login", new URLSearchParams({ email: `op${character}@example.com`, password: OPERATOR_PASSWORD }).toString()),
      );
      for (const path of ["/admin", "/admin/orders.csv"]) {
        await tryOne(
          `${path} search ${label}`,
          fetch(`${base}${path}?q=${encodeURIComponent(`Kow${character}`)}`, { headers: { Cookie: cookie }, redirect: "manual" }).catch(
            () => null,
          ),
        );
      }
    }
    // The same characters where a route reads a token from the path: each finds no order.
    const tokens = new Tally();
    const TOKEN_PATHS = ["/platnosc/", "/en/payment/", "/uk/payment/", "/ru/payment/", "/agreement/"];
    for (const character of CONTROL_CHARACTERS) {
      const token = encodeURIComponent(`${"A".repeat(15)}${character}${"A".repeat(16)}`);
      for (const path of TOKEN_PATHS) {
        const response = await fetch(`${base}${path}${token}`, { redirect: "manual" }).catch(() => null);
        await response?.arrayBuffer();
        tokens.add(response?.status ?? 0, `GET ${path}${token}`);
      }
      for (const intent of ["blik", "redirect"]) {
        const response = await formPost(`/platnosc/${token}`, new URLSearchParams({ intent, blikCode: "777123" }).toString());
        tokens.add(response?.status ?? 0, `POST /platnosc/${token} ${intent}`);
      }
    }
    console.log(`input on ${dialect}: ${tokens.total} requests with a control character in a path token; statuses ${tokens}`);
    for (const example of tokens.examples) console.log(`  ${example}`);
    record(
      `input on ${dialect}: control characters in a path token answered 404 (payment page, its forms, agreement PDF)`,
      `${tokens.total}`,
      String(tokens.count((s) => s === 404)),
      tokens.count((s) => s === 404) === tokens.total,
    );

    const refused = controls.count((s) => s === 400);
    const stored = await countOrders(postgres?.url ?? null, databasePath);
    console.log(
      `input on ${dialect}: ${controls.total} requests with ${CONTROL_CHARACTERS.length} control, separator and bidi characters; statuses ${controls}; orders stored: ${stored}`,
    );
    for (const example of controls.examples) console.log(`  ${example}`);
    record(
      `input on ${dialect}: control characters answered 400 (API, form, sign-in, search, CSV)`,
      `${controls.total}`,
      `${refused} (503: ${controls.count((s) => s === 503)}, 5xx: ${controls.count((s) => s >= 500)})`,
      refused === controls.total,
    );
    record(`input on ${dialect}: orders stored with a control character`, "0", String(stored), stored === 0);
    console.log(`input on ${dialect}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await stopOwnSite(site, "SIGTERM");
    postgres?.stop();
  }
}

async function countOrders(postgresUrl: string | null, sqlitePath: string): Promise<number> {
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      return Number((await client.query("SELECT count(*) AS n FROM orders")).rows[0].n);
    } finally {
      await client.end();
    }
  }
  const db = new Database(sqlitePath, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM orders").get() as { n: number }).n;
  } finally {
    db.close();
  }
}
