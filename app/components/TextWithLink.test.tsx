import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextWithLink } from "./TextWithLink";

const LOCALES = ["pl", "en", "uk", "ru"] as const;
const orderStrings = (locale: string) => JSON.parse(readFileSync(`locales/${locale}/order.json`, "utf8"));

describe("a translated sentence with one link", () => {
  it("links the marked words and keeps the words around them", () => {
    const html = renderToStaticMarkup(
      <TextWithLink text="zgodnie z <privacyLink>polityką prywatności</privacyLink>." name="privacyLink" href="/polityka" className="x" />,
    );
    expect(html).toBe('zgodnie z <a href="/polityka" class="x">polityką prywatności</a>.');
  });

  it("shows a sentence without the marks as it is, and escapes what it shows", () => {
    expect(renderToStaticMarkup(<TextWithLink text="a <b> & c" name="termsLink" href="/r" className="x" />)).toBe("a &lt;b&gt; &amp; c");
  });

  it("every language's consents link the privacy policy and the terms", () => {
    for (const locale of LOCALES) {
      const strings = orderStrings(locale);
      for (const [text, name] of [
        [strings.form.dataProcessingConsent, "privacyLink"],
        [strings.preview.acceptTerms, "termsLink"],
      ]) {
        const html = renderToStaticMarkup(<TextWithLink text={text} name={name} href="/x" className="x" />);
        expect(html, `${locale} ${name}`).toMatch(/<a href="\/x" class="x">[^<]+<\/a>/);
        expect(html, `${locale} ${name}`).not.toContain("Link&gt;");
      }
    }
  });
});
