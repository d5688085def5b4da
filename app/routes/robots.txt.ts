import { env } from "~/config/env.server";
import { buildRobotsTxt } from "~/i18n/sitemap";
import { resourceResponse } from "~/security/responses.server";

export function loader() {
  return resourceResponse(buildRobotsTxt(env.SITE_URL), {
    contentType: "text/plain; charset=utf-8",
    headers: { "Cache-Control": "public, max-age=3600" },
  });
}
