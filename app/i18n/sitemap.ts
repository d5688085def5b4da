import { alternatesOf, hasPathParams, isUnlisted, PAGE_IDS } from "./routes";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** sitemap.xml: every listed page (no unlisted one, none with parameters) in every language, each with all its hreflang alternates. */
export function buildSitemap(siteUrl: string): string {
  const urls: string[] = [];
  for (const pageId of PAGE_IDS.filter((pageId) => !hasPathParams(pageId) && !isUnlisted(pageId))) {
    const alternates = alternatesOf(pageId);
    const defaultAlternate = alternates.find((alternate) => alternate.locale === "pl") ?? alternates[0]!;
    const links = [
      ...alternates.map(
        (alternate) => `    <xhtml:link rel="alternate" hreflang="${alternate.locale}" href="${escapeXml(siteUrl + alternate.path)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl + defaultAlternate.path)}"/>`,
    ];
    for (const alternate of alternates) {
      urls.push(`  <url>\n    <loc>${escapeXml(siteUrl + alternate.path)}</loc>\n${links.join("\n")}\n  </url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function buildRobotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /admin", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}
