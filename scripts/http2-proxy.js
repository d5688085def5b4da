// The deployment's front in miniature, for the bench only: TLS and HTTP/2 towards the browser, plain
// HTTP/1.1 towards the site, as README.md's nginx lines (`listen 443 ssl; http2 on;`) serve it.
// Lighthouse's simulation models the connections it saw: over HTTP/1.1 at most six per origin, each
// request a round trip of its own; over HTTP/2 one connection carries them all (docs/decisions/034).
// The certificate is made on the spot with the openssl command, for 127.0.0.1, and lives one day.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

/** A self-signed certificate for 127.0.0.1, or null when the machine has no openssl. */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "adres-bench-tls-"));
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ].concat(["-keyout", key, "-out", cert]),
    { stdio: "ignore" },
  );
  if (made.status !== 0) return null;
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * Listens on 127.0.0.1:listenPort with HTTP/2 over TLS and passes every request to the site on
 * 127.0.0.1:sitePort. Resolves to { close } once listening, or to null without openssl.
 */
export async function startHttp2Proxy({ sitePort, listenPort }) {
  const certificate = selfSignedCertificate();
  if (!certificate) return null;
  const server = createSecureServer(certificate, (incoming, outgoing) => {
    const headers = { "x-forwarded-proto": "https" };
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = incoming.headers[":authority"] ?? `127.0.0.1:${listenPort}`;
    const upstream = request({ host: "127.0.0.1", port: sitePort, method: incoming.method, path: incoming.url, headers }, (answer) => {
      const answerHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
      outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(outgoing);
    });
    upstream.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return { close: () => new Promise((resolve) => server.close(resolve)) };
}
