import express, { type Router } from "express";

/**
 * The build's fingerprinted assets for a year (their names change with their content), the
 * rest of public/ for an hour. Before the origin screen and the rate limits: a page's
 * scripts, styles and images never count against a visitor's budget nor cost a database write.
 * A missing file under /build/ is a 404 here, not a rendered page.
 */
export function staticFiles({
  publicPath,
  assetsBuildDirectory,
  publicDirectory,
}: {
  publicPath: string;
  assetsBuildDirectory: string;
  publicDirectory: string;
}): Router {
  const router = express.Router();
  router.use(publicPath, express.static(assetsBuildDirectory, { immutable: true, maxAge: "1y", fallthrough: false }));
  router.use(express.static(publicDirectory, { maxAge: "1h" }));
  return router;
}
