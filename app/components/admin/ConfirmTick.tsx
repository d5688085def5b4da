const FIELD_ERROR = "mt-1 font-semibold text-red-800";

/** The tick that makes an operator stop before a step that cannot be undone. */
export function ConfirmTick({ id, label, error, describedBy }: { id: string; label: string; error?: string; describedBy: string }) {
  return (
    <div>
      {error ? (
        <p className={FIELD_ERROR} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <label className="flex items-start gap-2 font-semibold text-slate-900">
        <input
          type="checkbox"
          id={id}
          name="confirm"
          value="yes"
          className="mt-1 h-5 w-5"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${describedBy}` : describedBy}
        />
        {label}
      </label>
    </div>
  );
}
