#!/usr/bin/env node
// Builds the islands bundle (docs/decisions/022): app/islands/browser-entry.tsx and what it
// imports, as minified ES modules with hashed names in public/islands/ (remix build never
// wipes it; remix-serve serves public/), split so Radix and Embla stay chunks of their own,
// plus public/islands/manifest.json, which tells the server the entry's URL.
// Usage: node scripts/build-islands.js                  one production build (npm run build)
//        node scripts/build-islands.js --watch <cmd...>  rebuilds on change while <cmd> runs (npm run dev)
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as esbuild from "esbuild";

const ENTRY = "app/islands/browser-entry.tsx";
const OUT_DIR = "public/islands";
const PUBLIC_PATH = "/islands";

/** Writes the manifest after every build: the entry's output file, as a URL. */
const manifestPlugin = {
  name: "islands-manifest",
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const [output] = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint === ENTRY) ?? [];
      if (!output) throw new Error(`esbuild wrote no output for ${ENTRY}`);
      const entry = `${PUBLIC_PATH}/${output.slice(OUT_DIR.length + 1)}`;
      writeFileSync(`${OUT_DIR}/manifest.json`, `${JSON.stringify({ entry }, null, 2)}\n`);
    });
  },
};

/** @type {import("esbuild").BuildOptions} */
const options = {
  entryPoints: { islands: ENTRY },
  bundle: true,
  format: "esm",
  splitting: true,
  minify: true,
  target: "es2020",
  define: { "process.env.NODE_ENV": '"production"' },
  outdir: OUT_DIR,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  metafile: true,
  logLevel: "warning",
  plugins: [manifestPlugin],
};

// Hashed names change with every content change: start from an empty folder.
rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });

const [flag, ...command] = process.argv.slice(2);
if (flag !== "--watch") {
  await esbuild.build(options);
} else {
  const context = await esbuild.context(options);
  await context.rebuild();
  await context.watch();
  const [program, ...args] = command;
  if (!program) throw new Error("usage: build-islands.js --watch <command...>");
  const child = spawn(program, args, { stdio: "inherit", shell: process.platform === "win32" });
  child.on("exit", async (code, signal) => {
    await context.dispose();
    process.exit(code ?? (signal ? 1 : 0));
  });
}
