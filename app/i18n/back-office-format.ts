/** The operator works in Warsaw time, whatever the server's zone. */
const dateTime = new Intl.DateTimeFormat("pl-PL", { timeZone: "Europe/Warsaw", dateStyle: "short", timeStyle: "short" });

/** "22.11.2026, 15:04" for a stored ISO timestamp; a plain date ("2026-11-24") as "24.11.2026". */
export function formatWarsawTime(iso: string | null): string {
  if (!iso) return "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso.split("-").reverse().join(".");
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
