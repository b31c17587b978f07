interface CountedHintProps {
  /** What the field takes ("Between 10 and 1000 characters."). */
  text: string;
  /** Characters so far, as they will be sent (trimmed when the schema trims). */
  count: number;
  max: number;
}

/** A text area's hint with a live count against its limit, in red once past it. */
export function CountedHint({ text, count, max }: CountedHintProps) {
  return (
    <p className="flex justify-between gap-4">
      <span>{text}</span>
      <span className={`shrink-0 tabular-nums ${count > max ? 'font-semibold text-red-700' : ''}`}>
        {count} / {max}
      </span>
    </p>
  );
}
