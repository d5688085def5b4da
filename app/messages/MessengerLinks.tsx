import type { MessengerId, MessengerLink } from "./messengers";

/** The apps' own names, the same in every language. */
const NAMES: Record<MessengerId, string> = { telegram: "Telegram", viber: "Viber", whatsapp: "WhatsApp", messenger: "Messenger" };

/**
 * The configured messengers as plain links (docs/decisions/086), with the page's words for the
 * lead and the warning that ID scans and PESEL numbers do not belong in a messenger. Nothing
 * shows when no messenger is configured.
 */
export function MessengerLinks({ links, lead, warning }: { links: MessengerLink[]; lead: string; warning: string }) {
  if (links.length === 0) return null;
  return (
    <div className="mt-4" data-testid="messenger-links">
      <p className="text-slate-800">{lead}</p>
      <ul className="mt-2 flex flex-wrap gap-3">
        {links.map((link) => (
          <li key={link.id}>
            <a
              href={link.href}
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center rounded-lg border border-blue-900 px-4 py-2 font-semibold text-blue-900 underline-offset-4 hover:underline focus:outline-none focus:ring-4 focus:ring-orange-400"
              data-messenger={link.id}
            >
              {NAMES[link.id]}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">{warning}</p>
    </div>
  );
}
