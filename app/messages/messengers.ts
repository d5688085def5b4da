import type { Locale } from "~/i18n/locales";

/**
 * Links that open a chat with the company in the messengers tenants use (docs/decisions/086). Each
 * carries the order's number where the app takes something along: a draft the customer sends
 * (WhatsApp, Viber, Telegram), or Messenger's `ref`, which reaches the page's inbox tools but is
 * not shown to the customer. Pure: the accounts come from the settings (app/config/env.server.ts).
 */
export type MessengerId = "telegram" | "viber" | "whatsapp" | "messenger";

/** Telegram's username; Viber's and WhatsApp's numbers as digits with the country code; Messenger's page. */
export type MessengerAccounts = Record<MessengerId, string | null>;

export type MessengerLink = { id: MessengerId; href: string };

/**
 * Which app people reach for first: Ukrainian and Russian speakers in Poland live on Telegram and
 * Viber, Poles on Messenger and WhatsApp (issue 48). English pages follow the Polish habit.
 */
const ORDER: Record<Locale, readonly MessengerId[]> = {
  pl: ["messenger", "whatsapp", "telegram", "viber"],
  en: ["messenger", "whatsapp", "telegram", "viber"],
  uk: ["telegram", "viber", "whatsapp", "messenger"],
  ru: ["telegram", "viber", "whatsapp", "messenger"],
};

/** `draft`: the text the chat opens with ("… order AE-…"); `ref`: the order's number for Messenger; both null without an order. */
function hrefOf(id: MessengerId, account: string, draft: string | null, ref: string | null): string {
  const text = draft ? encodeURIComponent(draft) : null;
  switch (id) {
    // WhatsApp's click to chat: wa.me/<number without "+">?text=<URL-encoded text>
    case "whatsapp":
      return `https://wa.me/${account}${text ? `?text=${text}` : ""}`;
    // The number with its "+" encoded (%2B), as Viber's apps read it; `draft` fills the input field.
    case "viber":
      return `viber://chat?number=%2B${account}${text ? `&draft=${text}` : ""}`;
    // Telegram's public username link; `text` is put in the input field of a chat with a user.
    case "telegram":
      return `https://t.me/${account}${text ? `?text=${text}` : ""}`;
    // Meta's m.me link; `ref` reaches the page's webhook (messaging_referrals), never the chat's text.
    case "messenger":
      return `https://m.me/${account}${ref ? `?ref=${encodeURIComponent(ref)}` : ""}`;
  }
}

/** The configured messengers in the page language's order, each with the order's number where one is given. */
export function messengerLinks(
  accounts: MessengerAccounts,
  locale: Locale,
  order: { number: string; draft: string } | null = null,
): MessengerLink[] {
  return ORDER[locale].flatMap((id) => {
    const account = accounts[id];
    return account ? [{ id, href: hrefOf(id, account, order?.draft ?? null, order?.number ?? null) }] : [];
  });
}
