import type { TFunction } from "i18next";
import { copyList } from "~/content/copy";
import { vatWording } from "~/i18n/vat-wording";
import type { LegalValues } from "./legal-values";

export type LegalNamespace = "terms" | "privacy";

/** One section of a legal text as stored in locales/<lang>/{terms,privacy}.json. */
export type LegalSection = { id: string; label: string; heading: string; paragraphs: string[]; items: string[]; closing?: string };

/** A legal text as plain data: the page renders it, and the order e-mail can attach it as text. */
export type LegalText = { title: string; sections: LegalSection[] };

type StoredSection = { id?: string; heading: string; paragraphs?: string[]; items?: string[]; closing?: string };

/**
 * The terms ("§ 1. …", numbered clauses) or the privacy policy ("1. …", bullets), with every
 * placeholder filled. `t` may be bound to any namespace: keys carry their own.
 */
export function legalText(t: TFunction, namespace: LegalNamespace, values: LegalValues): LegalText {
  // How the prices stand to VAT, as the seller's status says: the terms' price clause quotes it.
  // And what a replacement declaration costs (docs/decisions/092): the clause on it quotes that sentence.
  const prices =
    namespace === "terms"
      ? {
          prices: t("terms:prices", vatWording(values.vat, t)),
          replacementPrice: t(values.replacementPriceGrosze > 0 ? "terms:replacement.paid" : "terms:replacement.free", {
            amount: values.replacementPrice,
          }),
        }
      : {};
  const sections = copyList<StoredSection>(t, `${namespace}:sections`, { ...values, ...prices }).map((section, index): LegalSection => {
    const number = index + 1;
    return {
      id: section.id ?? `section-${number}`,
      label: namespace === "terms" ? `${t("terms:sectionLabel", { number })}. ${section.heading}` : `${number}. ${section.heading}`,
      heading: section.heading,
      paragraphs: section.paragraphs ?? [],
      items: section.items ?? [],
      closing: section.closing,
    };
  });
  return { title: t(`${namespace}:heading`), sections };
}
