import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { copyList } from "~/content/copy";
import { formatPrice, PRODUCTS } from "~/config/products";
import { useRequiredRootData } from "~/root-data";

/** One section of a legal text as stored in locales/<lang>/{terms,privacy}.json. */
type LegalSection = { id?: string; heading: string; paragraphs?: string[]; items?: string[]; closing?: string };

/** Company facts and prices the legal texts quote, all from configuration and the pricing module. */
function useLegalValues() {
  const { company, locale } = useRequiredRootData();
  return {
    productName: company.productName,
    legalName: company.legalName,
    taxId: company.taxId,
    address: `${company.street}, ${company.postalCode} ${company.city}`,
    email: company.email,
    phone: company.phone,
    regularPrice: formatPrice(PRODUCTS.regular.priceGrosze, locale),
    notarizedPrice: formatPrice(PRODUCTS.notarized.priceGrosze, locale),
  };
}

type LegalDocumentProps = {
  namespace: "terms" | "privacy";
  /** Terms number their sections "§ 1" with numbered clauses; the privacy policy uses "1." and bullets. */
  style: "paragraphs" | "numbered";
};

/** A legal text: a table of contents, then numbered sections, each a heading with paragraphs and a list. */
export function LegalDocument({ namespace, style }: LegalDocumentProps) {
  const { t } = useTranslation(namespace);
  const sections = copyList<LegalSection>(t, "sections", useLegalValues());
  const anchor = (section: LegalSection, index: number) => section.id ?? `section-${index + 1}`;
  const label = (section: LegalSection, index: number) => (style === "numbered" ? `${t("sectionLabel", { number: index + 1 })}. ${section.heading}` : `${index + 1}. ${section.heading}`);
  const List = style === "numbered" ? "ol" : "ul";

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[16rem_1fr]">
      <nav aria-labelledby={`${namespace}-contents`} className="lg:sticky lg:top-24 lg:self-start">
        <h2 id={`${namespace}-contents`} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t("contents")}
        </h2>
        <ol className="mt-3 space-y-1 text-sm">
          {sections.map((section, index) => (
            <li key={anchor(section, index)}>
              <Link to={`#${anchor(section, index)}`} className="block rounded px-2 py-1 text-blue-900 hover:bg-blue-50 hover:underline">
                {label(section, index)}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="max-w-3xl space-y-10" data-testid="legal-document">
        {sections.map((section, index) => (
          <section key={anchor(section, index)} id={anchor(section, index)} aria-labelledby={`${anchor(section, index)}-heading`}>
            <h2 id={`${anchor(section, index)}-heading`} className="text-xl font-bold text-slate-900 md:text-2xl">
              {label(section, index)}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.items ? (
              <List className={`mt-3 space-y-2 pl-6 leading-relaxed text-slate-700 ${style === "numbered" ? "list-decimal" : "list-disc"}`}>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </List>
            ) : null}
            {section.closing ? <p className="mt-3 leading-relaxed text-slate-700">{section.closing}</p> : null}
          </section>
        ))}
      </div>
    </div>
  );
}
