import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { formatPrice } from "~/i18n/money";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { placeholdersLeft } from "./reply-placeholders";
import {
  deleteTemplate,
  draftFromTemplate,
  findTemplate,
  listTemplates,
  placeholderValuesOf,
  saveTemplate,
  templateFromForm,
  TEMPLATE_BODY_MAX,
} from "./reply-templates.server";

const NOW = new Date("2026-11-23T10:00:00Z");
const BODIES = { pl: "Dzień dobry, {{numer}}", en: "Hello, {{numer}}", uk: "Добрий день, {{numer}}", ru: "Добрый день, {{numer}}" };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("a reply template's form", () => {
  const filled = { title: "Termin", body_pl: "a", body_en: "b", body_uk: "в", body_ru: "г" };

  it("takes a title and a text in each language, trimmed, with Windows line breaks made plain", () => {
    expect(templateFromForm(form({ ...filled, title: "  Termin ", body_uk: "рядок\r\nдругий" }))).toEqual({
      ok: true,
      template: { title: "Termin", bodies: { pl: "a", en: "b", uk: "рядок\nдругий", ru: "г" } },
      previousTitle: null,
    });
  });

  it("refuses a missing language, a too long text and a tab, each at its field, keeping what was typed", () => {
    const result = templateFromForm(
      form({ ...filled, previous: "Stary", body_en: " ", body_ru: "я".repeat(TEMPLATE_BODY_MAX + 1), body_pl: "a\tb" }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        body_en: "Wpisz treść w tym języku: odpowiedź idzie w języku klienta.",
        body_ru: `Treść może mieć najwyżej ${TEMPLATE_BODY_MAX} znaków.`,
        body_pl: expect.stringContaining("znaki sterujące"),
      },
      values: { title: "Termin", previous: "Stary", body_uk: "в" },
    });
  });

  it("refuses an empty title", () => {
    expect(templateFromForm(form({ ...filled, title: "" }))).toMatchObject({ ok: false, errors: { title: "Wpisz tytuł szablonu." } });
  });
});

describe.each(DIALECTS)("reply templates on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  it("ships three templates, each with its text in all four languages and the order's placeholders", async () => {
    const templates = await listTemplates(db);
    expect(templates.map((template) => template.title)).toEqual([
      "Co zabrać do notariusza",
      "Jak odstąpić od umowy",
      "Kiedy wyślemy oświadczenie",
    ]);
    for (const template of templates)
      for (const body of Object.values(template.bodies)) {
        expect(body.length).toBeGreaterThan(100);
        expect(placeholdersLeft(body)).toContain("{{numer}}");
      }
    expect((await findTemplate(db, "Kiedy wyślemy oświadczenie"))!.bodies.uk).toContain("не пізніше {{termin}}");
    expect((await findTemplate(db, "Jak odstąpić od umowy"))!.bodies.ru).toContain("({{kwota}})");
  });

  it("adds a template, renames it with new texts, and deletes it in every language", async () => {
    expect(await saveTemplate(db, { title: "Faktura", bodies: BODIES }, null, NOW)).toEqual({ ok: true });
    expect(await findTemplate(db, "Faktura")).toEqual({ title: "Faktura", bodies: BODIES, updatedAt: NOW.toISOString() });

    const later = new Date(NOW.getTime() + 60_000);
    const changed = { ...BODIES, uk: "Рахунок до {{numer}}" };
    expect(await saveTemplate(db, { title: "Faktura VAT", bodies: changed }, "Faktura", later)).toEqual({ ok: true });
    expect(await findTemplate(db, "Faktura")).toBeNull();
    expect(await findTemplate(db, "Faktura VAT")).toEqual({ title: "Faktura VAT", bodies: changed, updatedAt: later.toISOString() });

    expect(await deleteTemplate(db, "Faktura VAT")).toBe(true);
    expect(await deleteTemplate(db, "Faktura VAT")).toBe(false);
    expect(await db.selectFrom("reply_templates").select("id").where("title", "=", "Faktura VAT").execute()).toEqual([]);
  });

  it("refuses a title another template has, and a change of a template deleted meanwhile, changing nothing", async () => {
    expect(await saveTemplate(db, { title: "Jak odstąpić od umowy", bodies: BODIES }, null, NOW)).toEqual({ ok: false, refusal: "taken" });
    expect(await saveTemplate(db, { title: "Jak odstąpić od umowy", bodies: BODIES }, "Co zabrać do notariusza", NOW)).toEqual({
      ok: false,
      refusal: "taken",
    });
    // The refused rename left the notary's template whole.
    expect((await findTemplate(db, "Co zabrać do notariusza"))!.bodies.pl).toContain("notariusza");
    expect((await findTemplate(db, "Jak odstąpić od umowy"))!.bodies.pl).not.toBe(BODIES.pl);
    expect(await saveTemplate(db, { title: "Nowy", bodies: BODIES }, "Nie ma takiego", NOW)).toEqual({ ok: false, refusal: "gone" });
    expect(await findTemplate(db, "Nowy")).toBeNull();
  });

  it("fills a template in the thread's language with the order's number, promised dispatch day and price", async () => {
    const { order } = await placeSampleOrder(db, new Date("2026-11-20T09:00:00Z"), { locale: "uk" });
    const paid = {
      ...order,
      status: "paid" as const,
      paid_at: "2026-11-23T09:00:00.000Z",
      immediate_performance_consent_at: "2026-11-20T09:00:00.000Z",
    };
    const values = placeholderValuesOf(paid, "uk", NOW);
    // Paid on Monday 23 November, signed within 1 business day, dispatched within 2 more: Thursday.
    expect(values).toEqual({ numer: order.number, termin: "26 листопада (четвер)", kwota: formatPrice(order.price_grosze, "uk") });
    const draft = await draftFromTemplate(db, "Kiedy wyślemy oświadczenie", "uk", values);
    expect(draft).toContain(`до замовлення ${order.number} ми відправимо не пізніше 26 листопада (четвер).`);
    expect(placeholdersLeft(draft!)).toEqual([]);
    expect(await draftFromTemplate(db, "Nie ma takiego", "uk", values)).toBeNull();
  });

  it("leaves {{termin}} for the operator when a cancelled order has no promise, and every placeholder on a contact thread", async () => {
    const { order } = await placeSampleOrder(db, new Date("2026-11-20T09:00:00Z"));
    expect(placeholderValuesOf({ ...order, status: "cancelled" }, "pl", NOW)).toEqual({
      numer: order.number,
      kwota: formatPrice(order.price_grosze, "pl"),
    });
    const draft = await draftFromTemplate(db, "Jak odstąpić od umowy", "en", placeholderValuesOf(null, "en", NOW));
    expect(placeholdersLeft(draft!)).toEqual(["{{numer}}", "{{kwota}}"]);
  });
});
