/**
 * Structured data as a JSON-LD script. `<` is written as \u003c so no value (a company
 * name from configuration, say) can close the script element. The content is JSON we
 * build, never markup.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
