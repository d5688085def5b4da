import { createInterface } from "node:readline";
import { configuredTarget, openDatabase } from "~/db/db.server";
import { addOperator, listOperators, MIN_PASSWORD_LENGTH, removeOperator } from "./operators.server";

/**
 * `npm run operator -- add <email>` (the password is read from stdin, one line, so it is never in
 * argv or the shell history), `remove <email>`, `list`. Works on the configured database
 * (DATABASE_URL, else DATABASE_PATH), migrating it first like the server does.
 */
async function readLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  const db = await openDatabase(configuredTarget());
  try {
    if (command === "add" && email) {
      if (process.stdin.isTTY) process.stderr.write(`Password for ${email} (one line): `);
      const password = await readLine();
      if (password.length < MIN_PASSWORD_LENGTH) {
        console.error(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
        return 1;
      }
      const outcome = await addOperator(db, email, password, new Date());
      console.log(outcome === "added" ? `Added ${email}.` : `${email} already exists.`);
      return outcome === "added" ? 0 : 1;
    }
    if (command === "remove" && email) {
      const removed = await removeOperator(db, email);
      console.log(removed ? `Removed ${email}.` : `No operator ${email}.`);
      return removed ? 0 : 1;
    }
    if (command === "list") {
      for (const operator of await listOperators(db)) console.log(`${operator.email}\t${operator.created_at}`);
      return 0;
    }
    console.error("Usage: npm run operator -- add <email> | remove <email> | list");
    return 2;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
