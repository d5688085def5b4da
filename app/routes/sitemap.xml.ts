import { env } from "~/config/env.server";
import { buildSitemap } from "~/i18n/sitemap";
import { applySecurityHeaders } from "~/security/headers.server";

export function loader() {
  const headers = applySecurityHeaders(new Headers({ "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" }));
  return new Response(buildSitemap(env.SITE_URL), { headers });
}
