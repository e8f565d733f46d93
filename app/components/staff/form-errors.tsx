/**
 * A staff form's own errors (not a field's): announced as they appear, and
 * named by the form through `id` (Conform's `form.errorId`) for its ARIA.
 */
export function FormErrors({ errors, id, className = "" }: { errors: readonly string[] | undefined; id?: string; className?: string }) {
  return (
    <div id={id} role="alert" className={`empty:hidden ${className}`}>
      {errors?.map((error) => (
        <p key={error} className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          {error}
        </p>
      ))}
    </div>
  );
}
