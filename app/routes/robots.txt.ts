import { env } from "~/config/env.server";
import { buildRobotsTxt } from "~/i18n/sitemap";
import { applySecurityHeaders } from "~/security/headers.server";

export function loader() {
  const headers = applySecurityHeaders(new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" }));
  return new Response(buildRobotsTxt(env.SITE_URL), { headers });
}
