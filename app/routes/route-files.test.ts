import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import config from "../../remix.config.js";

/** The files remix.config.js registers as routes, read through a stand-in for Remix's defineRoutes. */
async function registeredRouteFiles(): Promise<string[]> {
  const files: string[] = [];
  await config.routes!((define) => {
    define((_path, file) => void files.push(file));
    return {};
  });
  return files;
}

describe("the route modules and what sits beside them", () => {
  it("registers only route modules: a server module or a test beside a route is never a route of its own", async () => {
    const registered = await registeredRouteFiles();
    expect(registered.length).toBeGreaterThan(10);
    for (const file of registered) {
      expect(existsSync(`app/${file}`), file).toBe(true);
      expect(file, file).not.toMatch(/\.(server|test)\.tsx?$/);
    }
    // File-system routing is off: nothing in app/routes becomes a route unless the config lists it.
    expect(config.ignoredRouteFiles).toEqual(["**/*"]);
    const besideRoutes = readdirSync("app/routes").filter((file) => /\.(server|test)\.tsx?$/.test(file));
    expect(besideRoutes).toContain("order.server.ts");
    for (const file of besideRoutes) expect(registered).not.toContain(`routes/${file}`);
  });
});
