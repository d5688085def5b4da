/** The operator works in Warsaw time, whatever the server's zone. */
const dateTime = new Intl.DateTimeFormat("pl-PL", { timeZone: "Europe/Warsaw", dateStyle: "short", timeStyle: "short" });
const price = new Intl.NumberFormat("pl-PL", { style: "currency", currency: "PLN" });

/** "22.11.2026, 15:04" for a stored ISO timestamp; a plain date ("2026-11-24") is shown as given. */
export function formatWarsawTime(iso: string | null): string {
  if (!iso) return "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso.split("-").reverse().join(".");
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatAdminPrice(grosze: number): string {
  return price.format(grosze / 100);
}
