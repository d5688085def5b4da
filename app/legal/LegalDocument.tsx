import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { legalText, type LegalNamespace } from "~/legal/legal-document";
import { legalValuesOf } from "~/legal/legal-values";
import { useRequiredRootData } from "~/render/root-data";

/** A part printed after the numbered sections (e.g. the terms' model withdrawal form), listed in the contents too. */
export type LegalAppendix = { id: string; label: string; content: ReactNode };

type LegalDocumentProps = {
  namespace: LegalNamespace;
  /** Terms number their sections "§ 1" with numbered clauses; the privacy policy uses "1." and bullets. */
  style: "paragraphs" | "numbered";
  appendix?: LegalAppendix;
};

/** A legal text: a table of contents, then numbered sections, each a heading with paragraphs and a list. */
export function LegalDocument({ namespace, style, appendix }: LegalDocumentProps) {
  const { t } = useTranslation(namespace);
  const { company, locale } = useRequiredRootData();
  const { sections } = legalText(t, namespace, legalValuesOf(company, locale));
  const contents = [...sections.map(({ id, label }) => ({ id, label })), ...(appendix ? [{ id: appendix.id, label: appendix.label }] : [])];
  const List = style === "numbered" ? "ol" : "ul";

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[16rem_1fr]">
      <nav aria-labelledby={`${namespace}-contents`} className="lg:sticky lg:top-24 lg:self-start">
        <h2 id={`${namespace}-contents`} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t("contents")}
        </h2>
        <ol className="mt-3 space-y-1 text-sm">
          {contents.map(({ id, label }) => (
            <li key={id}>
              <Link to={`#${id}`} className="block rounded px-2 py-1 text-blue-900 hover:bg-blue-50 hover:underline">
                {label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="min-w-0 max-w-3xl space-y-10" data-testid="legal-document">
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`} className="text-xl font-bold text-slate-900 md:text-2xl">
              {section.label}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.items.length > 0 ? (
              <List className={`mt-3 space-y-2 pl-6 leading-relaxed text-slate-700 ${style === "numbered" ? "list-decimal" : "list-disc"}`}>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </List>
            ) : null}
            {section.closing ? <p className="mt-3 leading-relaxed text-slate-700">{section.closing}</p> : null}
          </section>
        ))}
        {appendix?.content}
      </div>
    </div>
  );
}
