// The tests' SMTP server as its own process (Playwright's webServer): listens on
// SMTP_STUB_PORT, writes each message it receives to SMTP_STUB_DIR as JSON, and answers on
// SMTP_STUB_CONTROL_PORT: GET /health, POST /refuse and POST /accept (to stage an outage), and
// POST /refuse-recipient?address=… (550 5.1.1 for that mailbox from then on).
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { join } from "node:path";
import { startSmtpServer } from "./smtp-server.mjs";

const directory = process.env.SMTP_STUB_DIR;
if (!directory) throw new Error("SMTP_STUB_DIR is not set");
mkdirSync(directory, { recursive: true });
let count = 0;
const smtp = await startSmtpServer({
  port: Number(process.env.SMTP_STUB_PORT ?? 2525),
  onMessage(message) {
    count += 1;
    const stored = {
      ...message,
      attachments: message.attachments.map((attachment) => ({ ...attachment, content: attachment.content.toString("base64") })),
    };
    writeFileSync(join(directory, `${String(count).padStart(6, "0")}-${process.pid}.json`), JSON.stringify(stored));
  },
});
createHttpServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://control");
  if (request.method === "POST" && url.pathname === "/refuse-recipient" && url.searchParams.get("address"))
    smtp.refuseRecipient(url.searchParams.get("address"));
  else if (request.method === "POST" && request.url === "/refuse") smtp.refuse();
  else if (request.method === "POST" && request.url === "/accept") smtp.accept();
  else if (request.url !== "/health") return response.writeHead(404).end();
  response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
}).listen(Number(process.env.SMTP_STUB_CONTROL_PORT ?? 2526), "127.0.0.1");
console.log(`SMTP test server on ${smtp.url}`);
