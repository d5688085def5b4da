import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpServer } from "../../tests/support/smtp-server.mjs";
import type { MailMessage } from "./compose.server";
import { createMailTransport, MailRefusedError, MailUnavailableError } from "./transport.server";

const message: MailMessage = {
  to: "olena@example.com",
  replyTo: "kontakt@adres.example",
  subject: "Замовлення AE-2026-000042: підтвердження та договір",
  text: "Добрий день!\nДякуємо за замовлення.",
  html: "<p>Добрий день!</p>",
  attachments: [{ filename: "dogovir-AE-2026-000042.pdf", content: Buffer.from("%PDF-1.7 test"), contentType: "application/pdf" }],
  messageId: "<outbox-42.AE-2026-000042@adres.example>",
};
const FROM = "Adres do eksmisji <zamowienia@adres.example>";

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe("sending mail", () => {
  it("over SMTP: both parts, the attachment byte for byte, the Message-ID", async () => {
    const smtp = await startSmtpServer();
    stops.push(smtp.stop);
    const { send } = createMailTransport({ smtpUrl: smtp.url, from: FROM, mailDir: "unused" });
    expect(await send(message)).toMatch(/^smtp /);
    const [received] = await smtp.waitFor(() => true);
    expect(received.to).toEqual(["olena@example.com"]);
    // Replies go to the company's contact address, not to the sending mailbox.
    expect(received.replyTo).toBe("kontakt@adres.example");
    expect(received.subject).toBe(message.subject);
    expect(received.text.trim()).toBe(message.text);
    expect(received.html).toContain("Добрий день!");
    expect(received.messageId).toBe(message.messageId);
    expect(received.attachments[0].filename).toBe("dogovir-AE-2026-000042.pdf");
    expect(received.attachments[0].content.toString()).toBe("%PDF-1.7 test");
  });

  it("throws when the server refuses or is not there, so the outbox retries", async () => {
    const smtp = await startSmtpServer();
    stops.push(smtp.stop);
    smtp.refuse();
    await expect(createMailTransport({ smtpUrl: smtp.url, from: FROM, mailDir: "unused" }).send(message)).rejects.toThrow(/451/);
    await smtp.stop();
    stops.pop();
    await expect(createMailTransport({ smtpUrl: smtp.url, from: FROM, mailDir: "unused" }).send(message)).rejects.toThrow(
      MailUnavailableError,
    );
  });

  it("a 550 5.1.1 for the recipient is a refusal for good; a 450 for it, or a 451 after the message, is worth another try", async () => {
    const smtp = await startSmtpServer();
    stops.push(smtp.stop);
    const { send } = createMailTransport({ smtpUrl: smtp.url, from: FROM, mailDir: "unused" });
    smtp.refuseRecipient("olena@example.com");
    const refusal = await send(message).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MailRefusedError);
    expect((refusal as MailRefusedError).reply).toMatch(/550 5\.1\.1 <olena@example\.com>: Recipient address rejected/);

    smtp.refuseRecipient("olena@example.com", 450);
    await expect(send(message)).rejects.toThrow(MailUnavailableError);
    await expect(send(message)).rejects.toThrow(/450 4\.2\.1/);

    smtp.refuseRecipient("someone-else@example.com");
    smtp.refuse();
    await expect(send({ ...message, to: "someone-else@example.com" })).rejects.toThrow(MailRefusedError);
    const afterData = send({ ...message, to: "third@example.com" });
    await expect(afterData).rejects.toThrow(MailUnavailableError);
    await expect(afterData).rejects.toThrow(/451/);
    expect(smtp.messages).toHaveLength(0);
  });

  it("without SMTP_URL writes an .eml file that any mail program opens", async () => {
    const mailDir = join(mkdtempSync(join(tmpdir(), "mail-")), "nested");
    const reference = await createMailTransport({ from: FROM, mailDir }).send(message);
    const [file] = readdirSync(mailDir);
    expect(file).toMatch(/\.eml$/);
    expect(reference).toBe(`file ${join(mailDir, file!)}`);
    const parsed = await simpleParser(readFileSync(join(mailDir, file!)));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.attachments[0]?.content.toString()).toBe("%PDF-1.7 test");
  });

  it("without SMTP_URL leaves no 0-byte or partial .eml when the process is killed in the middle of a write", async () => {
    // The bundle sits inside the project (.cache is ignored by git), so its imports find node_modules.
    mkdirSync(resolve(".cache"), { recursive: true });
    const work = mkdtempSync(resolve(".cache", "mail-kill-"));
    const writer = join(work, "writer.mjs");
    await build({
      entryPoints: ["tests/support/mail-dir-writer.ts"],
      outfile: writer,
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      alias: { "~": resolve("app") },
      logLevel: "warning",
    });
    const mailDir = join(work, "mail");
    mkdirSync(mailDir);
    const attachmentBytes = 8 * 1024 * 1024;
    const child = spawn(process.execPath, [writer, mailDir], {
      env: { ...process.env, ATTACHMENT_BYTES: String(attachmentBytes) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise((done) => child.once("exit", done));
    // Killed the moment a second .eml name shows up in the folder: with a plain write, that file is still being written.
    await new Promise<void>((done, fail) => {
      child.once("exit", (code) => fail(new Error(`the writer exited by itself with ${code}`)));
      const seen = new Set<string>();
      const watcher = watch(mailDir, (_event, name) => {
        if (!name?.endsWith(".eml")) return;
        seen.add(name);
        if (seen.size < 2) return;
        child.kill("SIGKILL");
        watcher.close();
        done();
      });
    });
    await exited;
    const files = readdirSync(mailDir).filter((name) => name.endsWith(".eml"));
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const file of files) {
      const parsed = await simpleParser(readFileSync(join(mailDir, file)));
      expect(parsed.attachments[0]?.size, file).toBe(attachmentBytes);
    }
    rmSync(work, { recursive: true });
  }, 60_000);
});
