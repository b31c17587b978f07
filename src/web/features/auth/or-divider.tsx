/** The "or" rule between Google and the email form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-bold tracking-widest text-gray-600 uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
      or with your email
      <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
    </div>
  );
}
