import { env } from "~/config/env.server";
import { buildSitemap } from "~/i18n/sitemap";
import { resourceResponse } from "~/security/responses.server";

export function loader() {
  return resourceResponse(buildSitemap(env.SITE_URL), {
    contentType: "application/xml; charset=utf-8",
    headers: { "Cache-Control": "public, max-age=3600" },
  });
}
