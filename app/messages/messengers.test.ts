import { describe, expect, it } from "vitest";
import { messengerLinks, type MessengerAccounts } from "./messengers";

const ALL: MessengerAccounts = { telegram: "adres_bot", viber: "48600100200", whatsapp: "48600100201", messenger: "adres.do.eksmisji" };
const ORDER = { number: "AE-2026-000123", draft: "Dzień dobry, piszę w sprawie zamówienia AE-2026-000123." };

describe("messengerLinks", () => {
  it("shows only the messengers whose setting is present", () => {
    expect(messengerLinks({ telegram: null, viber: null, whatsapp: null, messenger: null }, "pl", ORDER)).toEqual([]);
    expect(messengerLinks({ ...ALL, telegram: null, messenger: null }, "uk").map((link) => link.id)).toEqual(["viber", "whatsapp"]);
  });

  it("puts Messenger and WhatsApp first on Polish and English pages, Telegram and Viber first on Ukrainian and Russian ones", () => {
    expect(messengerLinks(ALL, "pl").map((link) => link.id)).toEqual(["messenger", "whatsapp", "telegram", "viber"]);
    expect(messengerLinks(ALL, "en").map((link) => link.id)).toEqual(["messenger", "whatsapp", "telegram", "viber"]);
    expect(messengerLinks(ALL, "uk").map((link) => link.id)).toEqual(["telegram", "viber", "whatsapp", "messenger"]);
    expect(messengerLinks(ALL, "ru").map((link) => link.id)).toEqual(["telegram", "viber", "whatsapp", "messenger"]);
  });

  it("carries the order: a draft in WhatsApp, Viber and Telegram, Messenger's ref", () => {
    const draft = encodeURIComponent(ORDER.draft);
    expect(Object.fromEntries(messengerLinks(ALL, "pl", ORDER).map((link) => [link.id, link.href]))).toEqual({
      whatsapp: `https://wa.me/48600100201?text=${draft}`,
      viber: `viber://chat?number=%2B48600100200&draft=${draft}`,
      telegram: `https://t.me/adres_bot?text=${draft}`,
      messenger: "https://m.me/adres.do.eksmisji?ref=AE-2026-000123",
    });
  });

  it("opens a plain chat without an order (the contact page)", () => {
    expect(messengerLinks(ALL, "ru").map((link) => link.href)).toEqual([
      "https://t.me/adres_bot",
      "viber://chat?number=%2B48600100200",
      "https://wa.me/48600100201",
      "https://m.me/adres.do.eksmisji",
    ]);
  });

  it("encodes a Cyrillic draft so the app reads it back whole", () => {
    const draft = "Здравствуйте, пишу по поводу заказа AE-2026-000123 & ?";
    const [telegram] = messengerLinks(ALL, "ru", { number: ORDER.number, draft });
    expect(new URL(telegram!.href).searchParams.get("text")).toBe(draft);
  });
});
