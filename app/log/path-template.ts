/**
 * The route a path belongs to, written as its template ("/platnosc/:token", "/admin/orders/:id"),
 * for the log: a payment token, an order id typed into the address bar or a query never reach
 * a log line. Routes are matched as Remix matches them: letter case and a trailing slash aside.
 * A path no route names, other than a built asset's, is logged as "*".
 */
export function pathTemplates(routePaths: readonly string[], assetsPrefix: string): (pathname: string) => string {
  const patterns = routePaths
    .filter((path) => !path.endsWith("*"))
    .map((path) => (path.startsWith("/") ? path : `/${path}`))
    .map((path) => ({ template: path, segments: segmentsOf(path) }));
  const splats = routePaths
    .filter((path) => path.endsWith("*") && path !== "*")
    .map((path) => (path.startsWith("/") ? path : `/${path}`))
    .map((path) => ({ template: path, prefix: segmentsOf(path.slice(0, -1)) }));
  const assets = assetsPrefix.endsWith("/") ? assetsPrefix : `${assetsPrefix}/`;
  return (pathname) => {
    if (pathname.startsWith(assets)) return `${assets}*`;
    const parts = segmentsOf(pathname);
    const exact = patterns.find(
      ({ segments }) => segments.length === parts.length && segments.every((segment, i) => matches(segment, parts[i]!)),
    );
    if (exact) return exact.template;
    const splat = splats.find(({ prefix }) => prefix.length < parts.length && prefix.every((segment, i) => matches(segment, parts[i]!)));
    return splat?.template ?? "*";
  };
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

function matches(segment: string, part: string): boolean {
  return segment.startsWith(":") || segment.toLowerCase() === part.toLowerCase();
}
