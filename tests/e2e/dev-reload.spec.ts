import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { ownSitePort, stopOwnSite, waitUntilUp } from "./support/own-server";

/**
 * `npm run dev` reflects an edit in the open browser: Remix's dev server rebuilds, restarts
 * server.ts (node --watch-path) and tells the page through <LiveReload />. It runs in a copy of
 * the project, so the production build the suite serves is never touched.
 */
const PROJECT_FILES = [
  "app",
  "locales",
  "public",
  "scripts",
  "remix.config.js",
  "package.json",
  "tsconfig.json",
  "server.ts",
  "postcss.config.js",
  "remix.env.d.ts",
];

test("an edit under npm run dev reaches the open page", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the live reload is a script in the page");
  test.setTimeout(180_000);
  const copy = mkdtempSync(join(tmpdir(), "dev-reload-"));
  for (const file of PROJECT_FILES)
    cpSync(resolve(file), join(copy, file), { recursive: true, filter: (source) => !source.includes(join("public", "build")) });
  symlinkSync(resolve("node_modules"), join(copy, "node_modules"));
  const port = ownSitePort(60);
  const base = `http://127.0.0.1:${port}`;
  let dev: ChildProcess | undefined;
  try {
    dev = spawn("npm", ["run", "dev", "--", "--port", String(ownSitePort(61))], {
      cwd: copy,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: base,
        DATABASE_PATH: join(copy, "data", "app.db"),
        SMTP_URL: "",
        MAIL_DIR: join(copy, "mail"),
      },
      stdio: "ignore",
      detached: true,
    });
    await waitUntilUp(port, dev);
    await page.goto(`${base}/en`);
    await expect(page.getByText("© ")).toBeVisible();

    const marker = `Edited ${Date.now()}`;
    const footer = join(copy, "app", "components", "Footer.tsx");
    writeFileSync(footer, readFileSync(footer, "utf8").replace("© {year}", `© {year} ${marker}`));
    // No reload from the test: the page reloads itself once the rebuilt server is up.
    await expect(page.getByText(marker)).toBeVisible({ timeout: 120_000 });
  } finally {
    // The dev server, its build watcher and the app it restarts: the whole group this test started.
    if (dev?.pid) {
      const exited = stopOwnSite(dev, "SIGTERM");
      process.kill(-dev.pid, "SIGTERM");
      await exited;
    }
    rmSync(copy, { recursive: true, force: true });
  }
});
