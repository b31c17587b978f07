interface InlineErrorProps {
  /** For the `aria-describedby` of the fields it is about. */
  id?: string;
  /** Nothing is shown while there is none. */
  message: string | null | undefined;
  /** Where it stands in its form's layout ("sm:col-span-3"). */
  className?: string;
}

/** Why a short form (a filter, an admin action, a return) did not go through: red, announced. */
export function InlineError({ id, message, className }: InlineErrorProps) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className={
        className ? `text-sm font-semibold text-deal ${className}` : 'text-sm font-semibold text-deal'
      }
    >
      {message}
    </p>
  );
}
