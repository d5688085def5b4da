import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Trans, TranslationProvider, useTranslation } from "./react";

const resources = { common: { hello: "Cześć" }, order: { consent: "Zgoda na <termsLink>regulamin</termsLink> i <other>coś</other>, <b>pogrubione</b>." } };

function Consent() {
  const { t } = useTranslation("order");
  return (
    <p>
      {t("common:hello")} <Trans t={t} i18nKey="consent" components={{ termsLink: <a href="/regulamin" />, other: <em /> }} />
    </p>
  );
}

describe("strings in components", () => {
  it("come from the provider's language and namespaces, with tags turned into the given components", () => {
    const html = renderToStaticMarkup(
      <TranslationProvider locale="pl" resources={resources}>
        <Consent />
      </TranslationProvider>,
    );
    // A tag without a component stays as text, escaped: the locale files cannot inject markup.
    expect(html).toBe('<p>Cześć Zgoda na <a href="/regulamin">regulamin</a> i <em>coś</em>, &lt;b&gt;pogrubione&lt;/b&gt;.</p>');
  });
});
