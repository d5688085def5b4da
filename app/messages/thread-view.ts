import { BUSINESS_TIME_ZONE } from "~/config/delivery";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";

/** One message as the customer's page shows it: who wrote, the text, and when in Warsaw time ("12 maja 2026, 14:03"). */
export type ThreadEntry = { id: number; author: "customer" | "operator"; body: string | null; at: string; iso: string };

const formatters = new Map<Locale, Intl.DateTimeFormat>();

/** The moment in the page's language, in Warsaw's time (the company's), whatever the reader's clock says. */
export function warsawDateTime(iso: string, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      timeZone: BUSINESS_TIME_ZONE,
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(iso));
}

/**
 * The thread oldest first, dated on the server, so the browser carries no date code and the
 * page reads the same with and without JavaScript. An erased message (body null) keeps its date.
 */
export function threadEntries(
  messages: readonly { id: number; author: "customer" | "operator"; body: string | null; createdAt: string }[],
  locale: Locale,
): ThreadEntry[] {
  return messages.map((message) => ({
    id: message.id,
    author: message.author,
    body: message.body,
    at: warsawDateTime(message.createdAt, locale),
    iso: message.createdAt,
  }));
}
