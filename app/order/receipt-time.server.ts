import { BUSINESS_TIME_ZONE } from "~/config/delivery";
import { getFixedT } from "~/i18n/i18n.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";

/** "27 listopada 2026, 06:05:12 (czas polski)": the time of receipt as the law counts it, in Warsaw time and the reader's language. */
export async function receivedAtText(iso: string, locale: Locale): Promise<string> {
  const t = await getFixedT(locale, "withdrawal");
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: "long",
    timeStyle: "medium",
  }).format(new Date(iso));
  return t("time", { time });
}
