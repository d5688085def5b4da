#!/usr/bin/env node
// Lists the app/, scripts/ and tests/ paths that a decision record (docs/decisions/*.md) names but the
// tree no longer has, unless the record's "Amended …" line names them too. A record is never rewritten:
// a file that moved or went gets one line, "Amended <date> (decision NNN): <file> is now <where>".
// Exits 1 when one is left without that line.
import { existsSync, globSync, readFileSync, readdirSync } from "node:fs";

const PATH = /(?<![\w/.-])((?:app|scripts|tests)\/[\w./{}*[\]$-]*[\w}\]*])/g;
let missing = 0;
for (const file of readdirSync("docs/decisions").filter((name) => name.endsWith(".md"))) {
  const text = readFileSync(`docs/decisions/${file}`, "utf8");
  const amended = text
    .split("\n")
    .filter((line) => line.startsWith("Amended"))
    .join("\n");
  for (const path of new Set([...text.matchAll(PATH)].map((match) => match[1]))) {
    if (path.includes("NNN")) continue; // a template for new files (app/db/migrations/NNN-name.ts)
    // A pattern ({a,b}, *, $name) counts when something matches it.
    const pattern = /[{*[$]/.test(path) ? path.replace(/\{[^}]*\}|\$\w*/g, "*") : null;
    const exists = pattern ? globSync(pattern).length > 0 : existsSync(path);
    // Named in an amendment itself, or under a folder an amendment names (`app/islands/`).
    const folders = path.split("/").map((_, end, parts) => `${parts.slice(0, end + 1).join("/")}/`);
    if (exists || amended.includes(path) || folders.some((folder) => amended.includes(folder))) continue;
    console.log(`docs/decisions/${file}: ${path}`);
    missing++;
  }
}
process.exit(missing > 0 ? 1 : 0);
