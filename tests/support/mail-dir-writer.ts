// Writes large messages into MAIL_DIR (argv[2]) through the app's own sender, for ever, so a
// test can kill it with SIGKILL in the middle of a write (app/mail/transport.server.test.ts).
import { createMailTransport } from "~/mail/transport.server";

const [mailDir] = process.argv.slice(2);
if (!mailDir) throw new Error("usage: mail-dir-writer <folder>");
const { send } = createMailTransport({ from: "Test <test@example.com>", mailDir });
const content = Buffer.alloc(Number(process.env.ATTACHMENT_BYTES ?? 8 * 1024 * 1024), 0x25);
for (let i = 0; ; i++) {
  await send({
    to: "olena@example.com",
    replyTo: "kontakt@adres.example",
    subject: `message ${i}`,
    text: "text",
    html: "<p>html</p>",
    attachments: [{ filename: "big.pdf", content, contentType: "application/pdf" }],
    messageId: `<kill-${i}@test.example>`,
  });
}
