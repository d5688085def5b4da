import { LIST_TEXT } from "./texts";

export const ADMIN_INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700";

/** The order search's field (`q`), the same on "Dziś" and on the order list, whose address both search forms go to. */
export function OrderSearchField({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <div className="min-w-64 flex-1">
      <label htmlFor="order-search" className="block font-semibold text-slate-900">
        {LIST_TEXT.searchLabel}
      </label>
      <input id="order-search" name="q" type="search" defaultValue={defaultValue} className={ADMIN_INPUT} />
    </div>
  );
}
