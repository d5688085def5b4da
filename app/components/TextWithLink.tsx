/**
 * A translated sentence with one link in it, which the locale files mark as
 * `<name>the linked words</name>` ("… zgodnie z <privacyLink>polityką prywatności</privacyLink>.").
 * react-i18next's Trans reads any markup, but its parser is about 2.5 KB of the order page's first
 * load for two sentences that each hold one link. A sentence without the marks is shown as it is.
 */
export function TextWithLink({ text, name, href, className }: { text: string; name: string; href: string; className: string }) {
  const open = `<${name}>`;
  const close = `</${name}>`;
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, start)}
      <a href={href} className={className}>
        {text.slice(start + open.length, end)}
      </a>
      {text.slice(end + close.length)}
    </>
  );
}
