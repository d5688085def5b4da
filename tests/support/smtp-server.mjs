// A real SMTP server for the tests, on 127.0.0.1 only (the smtp-server package), that parses
// every message with mailparser: `await startSmtpServer()`. smtp-server-cli.mjs runs it as
// its own process for the browser tests.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A parsed message as the tests look at it: addresses, subject, both parts, attachments. */
async function parse(raw, envelope) {
  const mail = await simpleParser(raw);
  return {
    from: mail.from?.text ?? "",
    replyTo: mail.replyTo?.text ?? "",
    to: envelope.rcptTo.map((recipient) => recipient.address),
    subject: mail.subject ?? "",
    messageId: mail.messageId ?? "",
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? "",
      contentType: attachment.contentType,
      content: attachment.content,
    })),
    receivedAt: new Date().toISOString(),
  };
}

/** @param {{ port?: number; onMessage?: (message: Awaited<ReturnType<typeof parse>>) => void }} [options] */
export async function startSmtpServer({ port = 0, onMessage } = {}) {
  const messages = [];
  const state = { refusing: false };
  /** Recipients answered at RCPT TO with a reply of their own, by lower-case address. */
  const refusedRecipients = new Map();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const reply = refusedRecipients.get(address.address.toLowerCase());
      if (!reply) return callback();
      const error = new Error(reply.text.replace("%s", address.address));
      error.responseCode = reply.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", async () => {
        if (state.refusing) {
          const error = new Error("Service not available, try again later");
          error.responseCode = 451;
          return callback(error);
        }
        try {
          const message = await parse(Buffer.concat(chunks), session.envelope);
          messages.push(message);
          onMessage?.(message);
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.server.address();
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    /** Answers every message with 451 (a temporary failure) until accept() is called. */
    refuse: () => (state.refusing = true),
    accept: () => (state.refusing = false),
    /**
     * Answers RCPT TO for this address as a real server does for a mailbox it does not have:
     * `550 5.1.1 <address>: Recipient address rejected: User unknown` (or another code, such as 450).
     */
    refuseRecipient: (address, code = 550) =>
      refusedRecipients.set(address.toLowerCase(), {
        code,
        // The enhanced status code (RFC 3463) after the reply code, as Postfix writes it.
        text: code >= 500 ? "5.1.1 <%s>: Recipient address rejected: User unknown" : "4.2.1 <%s>: Recipient address rejected: Mailbox busy",
      }),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter(predicate);
        if (found.length > 0) return found;
        if (Date.now() > deadline) throw new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
