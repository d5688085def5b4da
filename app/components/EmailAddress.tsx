/**
 * An e-mail address that wraps, on a narrow screen, after the "@" and nowhere else. Each half is an
 * inline block, so a line breaks between the halves before it breaks inside either (at a hyphen of
 * the domain, say); only a half wider than the whole line breaks inside, anywhere, rather than
 * overflow. The halves take the link's underline, which does not reach into inline blocks by itself.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      <span className={HALF}>{address.slice(0, at + 1)}</span>
      <wbr />
      <span className={HALF}>{address.slice(at + 1)}</span>
    </>
  );
}

const HALF = "inline-block max-w-full [overflow-wrap:anywhere] [text-decoration:inherit]";
