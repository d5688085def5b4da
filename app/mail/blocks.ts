// The e-mails' two parts from one list of blocks: plain text, and simple HTML whose text is escaped.
// The only links are the ones composed as links: our own pages, and the courier's tracking page.

/** A link the message makes on purpose; `text` is what the reader sees (a tracking number, say). */
export type Link = { text: string; url: string };

/** A sentence that names one of our own addresses (`url` occurs in `text`), which the HTML part makes a link. */
export type LinkedSentence = { text: string; url: string };

/**
 * A block of the message: paragraphs, labelled lines under an optional heading, and at most one
 * button (the one thing the message asks the reader to do).
 */
export type Block = {
  heading?: string;
  paragraphs?: Array<string | LinkedSentence>;
  rows?: Array<[string, string | Link]>;
  button?: Link;
};

/**
 * What a customer typed (a name, an address), written so that no mail program makes a web link of
 * it. Programs link whatever looks like a web address, in the plain-text part and in the HTML part
 * alike ("PILNE: dopłata https://evil.example/…" in a name became a link in our own confirmation):
 * a scheme ("https://"), "www." or a dotted name ("evil.example"). A zero-width non-joiner after the
 * ":" of "://" and after each dot between a letter or digit and a Latin letter breaks all three; the
 * reader sees the same text. (An e-mail address the form validated is left as it is: a program
 * makes it a mailto: link to that address, which is where we write anyway.)
 */
export function customerText(text: string): string {
  return text.replace(/:(?=\/\/)/g, ":\u200c").replace(/(?<=[\p{L}\p{N}])\.(?=[A-Za-z])/gu, ".\u200c");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const LINK_STYLE = "color:#1e3a8a;word-break:break-all;overflow-wrap:anywhere";

/** A link that breaks anywhere: a payment page's address is one long word that would otherwise widen the message past a 360 px phone. */
function anchor(url: string, text: string = url): string {
  return `<a href="${escapeHtml(url)}" style="${LINK_STYLE}">${escapeHtml(text)}</a>`;
}

function paragraphHtml(paragraph: string | LinkedSentence): string {
  if (typeof paragraph === "string") return escapeHtml(paragraph);
  return paragraph.text
    .split(paragraph.url)
    .map((part) => escapeHtml(part))
    .join(anchor(paragraph.url));
}

function textOf(value: string | LinkedSentence): string {
  return typeof value === "string" ? value : value.text;
}

export function toText(blocks: Block[]): string {
  return blocks
    .map((block) =>
      [
        block.heading ? `${block.heading}\n${"-".repeat(block.heading.length)}` : null,
        ...(block.paragraphs ?? []).map(textOf),
        ...(block.rows ?? []).map(([label, value]) => `${label}: ${typeof value === "string" ? value : `${value.text} (${value.url})`}`),
        block.button ? `${block.button.text}: ${block.button.url}` : null,
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n\n");
}

/** A button as mail programs draw one: a link with padding and a background, no images or scripts. */
function buttonHtml({ text, url }: Link): string {
  return `<p style="margin:16px 0 20px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1e3a8a;color:#ffffff;font-weight:700;font-size:17px;line-height:1.2;padding:14px 28px;border-radius:6px;text-decoration:none">${escapeHtml(text)}</a></p>`;
}

export function toHtml(blocks: Block[], lang: string): string {
  const body = blocks
    .map((block) => {
      const heading = block.heading ? `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.heading)}</h2>` : "";
      const paragraphs = (block.paragraphs ?? [])
        .map((paragraph) => `<p style="margin:0 0 12px;overflow-wrap:anywhere">${paragraphHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
        .join("");
      const rows = block.rows?.length
        ? `<table role="presentation" style="border-collapse:collapse">${block.rows
            .map(
              ([label, value]) =>
                `<tr><td style="padding:2px 16px 2px 0;color:#475569;vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:600;overflow-wrap:anywhere">${typeof value === "string" ? escapeHtml(value) : anchor(value.url, value.text)}</td></tr>`,
            )
            .join("")}</table>`
        : "";
      return heading + paragraphs + rows + (block.button ? buttonHtml(block.button) : "");
    })
    .join("");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;max-width:640px">${body}</body></html>`;
}
