import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { errorFields, log } from "~/log/log.server";
import type { PageCache } from "~/server/page-cache.server";
import { bodyLimit } from "./body-limit.server";
import { recordClientAddress } from "./client-address.server";
import { healthz } from "./healthz.server";
import { strictTransportSecurity } from "./hsts.server";
import { methodScreen } from "./method-screen.server";
import { originScreen } from "./origin-screen.server";
import { answerPlain } from "./plain-answers.server";
import { rateLimitScreen } from "./rate-limit-screen.server";
import { requestLog } from "./request-log.server";
import { requestTarget } from "./request-target.server";
import type { RateLimits } from "./rate-limits.server";
import type { RequestActivity } from "./request-activity.server";
import { staticFiles } from "./static-files.server";

export type ServerAppOptions = {
  /** Remix's request handler (@remix-run/express), or a stand-in in tests. */
  remix: RequestHandler;
  checkDatabase: () => Promise<void>;
  siteUrl: string;
  allowedOrigins: ReadonlySet<string>;
  trustedProxies: number;
  rateLimits: RateLimits | null;
  rateLimitExempt: ReadonlySet<string>;
  pageCache: Pick<PageCache, "middleware">;
  createNonce: () => string;
  activity: Pick<RequestActivity, "track">;
  files: { publicPath: string; assetsBuildDirectory: string; publicDirectory: string };
  /** The route template of a path, for the access log (app/log/path-template.ts). */
  pathTemplate: (pathname: string) => string;
};

/**
 * The site's one server layer, in the order a request meets it (docs/decisions/024). Each step
 * lives in its own module beside this one; server.ts builds this app once per process.
 */
export function createServerApp(options: ServerAppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // First: every answer below, a refusal or a health check too, has a request id and one access line.
  app.use(requestLog(options.pathTemplate));
  app.use((request, response, next) => {
    options.activity.track(response);
    next();
  });
  app.use(requestTarget());
  app.use(recordClientAddress(options.trustedProxies));
  app.use(healthz(options.checkDatabase));
  app.use(strictTransportSecurity(options.siteUrl));
  // One compression for every answer below: files, refusals, cached and rendered pages.
  app.use(compression());
  app.use(methodScreen());
  app.use(staticFiles(options.files));
  app.use(originScreen({ allowedOrigins: options.allowedOrigins, siteUrl: options.siteUrl }));
  app.use(bodyLimit());
  app.use(rateLimitScreen({ rateLimits: options.rateLimits, exempt: options.rateLimitExempt }));
  app.use(options.pageCache.middleware(options.createNonce));
  app.all("*", options.remix);
  app.use(answerErrors);
  return app;
}

/** A missing asset (404), a method a file does not take (405), or a failure outside Remix: a short answer, no stack trace. */
const answerErrors: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, _request, response, next) => {
  if (response.headersSent) return next(error);
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 500) log.error(errorFields(error), "failure outside Remix");
  answerPlain(response, status, "text/plain; charset=utf-8", status === 404 ? "Not Found\n" : `${status}\n`);
};
