// The e-mails' two parts from one list of blocks: plain text, and simple HTML whose user data is
// escaped and whose links are clickable and wrap on a phone.
/** A block of the message: a paragraph, or labelled lines under an optional heading. */
export type Block = { heading?: string; paragraphs?: string[]; rows?: Array<[string, string]> };

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Escaped text with each web address made a link. The links break anywhere: a payment page's
 * address is one long word that would otherwise widen the message past a 360 px phone.
 */
function htmlWithLinks(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g,
    (url) => `<a href="${url}" style="color:#1e3a8a;word-break:break-all;overflow-wrap:anywhere">${url}</a>`,
  );
}

export function toText(blocks: Block[]): string {
  return blocks
    .map((block) =>
      [
        block.heading ? `${block.heading}\n${"-".repeat(block.heading.length)}` : null,
        ...(block.paragraphs ?? []),
        ...(block.rows ?? []).map(([label, value]) => `${label}: ${value}`),
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n\n");
}

export function toHtml(blocks: Block[], lang: string): string {
  const body = blocks
    .map((block) => {
      const heading = block.heading ? `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.heading)}</h2>` : "";
      const paragraphs = (block.paragraphs ?? [])
        .map((paragraph) => `<p style="margin:0 0 12px;overflow-wrap:anywhere">${htmlWithLinks(paragraph).replace(/\n/g, "<br>")}</p>`)
        .join("");
      const rows = block.rows?.length
        ? `<table role="presentation" style="border-collapse:collapse">${block.rows
            .map(
              ([label, value]) =>
                `<tr><td style="padding:2px 16px 2px 0;color:#475569;vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:600;overflow-wrap:anywhere">${htmlWithLinks(value)}</td></tr>`,
            )
            .join("")}</table>`
        : "";
      return heading + paragraphs + rows;
    })
    .join("");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;max-width:640px">${body}</body></html>`;
}
