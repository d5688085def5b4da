import type { NextFunction, Request, Response } from "express";

const HSTS = "max-age=31536000; includeSubDomains";

/** Every answer of a site served over https tells the browser to stay on https (docs/decisions/002). */
export function strictTransportSecurity(siteUrl: string) {
  const enabled = siteUrl.startsWith("https:");
  return (_request: Request, response: Response, next: NextFunction): void => {
    if (enabled) response.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
