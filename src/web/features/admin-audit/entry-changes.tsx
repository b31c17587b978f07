import { auditChanges, type AuditChange } from '../../../domain/audit-changes';
import type { AuditEntry } from '../../../domain/audit';

/** Long words (a browser's name, a picture's address) break anywhere rather than widen a phone's page. */
const wrapAnywhere = '[overflow-wrap:anywhere]';

/** One field: the old value struck through, an arrow, the new one; a set or removed field shows its one side. */
function ChangeRow({ change }: { change: AuditChange }) {
  return (
    <>
      <dt className={`font-semibold text-gray-700 ${wrapAnywhere}`}>{change.label}</dt>
      <dd className={`flex min-w-0 flex-wrap items-baseline gap-x-2 ${wrapAnywhere}`}>
        {change.from !== undefined && (
          <del className="text-gray-600">
            <span className="sr-only">{change.to === undefined ? 'removed: ' : 'was '}</span>
            {change.from}
          </del>
        )}
        {change.to !== undefined && (
          // The arrow leads the new value: on a narrow screen they wrap to the next line together.
          <span className="flex min-w-0 items-baseline gap-x-2">
            {change.from !== undefined && (
              <span aria-hidden="true" className="text-gray-600">
                →
              </span>
            )}
            <ins className="min-w-0 font-semibold text-ink no-underline">
              {change.from !== undefined && <span className="sr-only">now </span>}
              {change.to}
            </ins>
          </span>
        )}
      </dd>
    </>
  );
}

/** A value as the raw disclosure shows it: indented JSON, or a dash for nothing. */
function raw(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 2);
}

/**
 * What an entry changed, field by field in words (issue 32 item 8), and the values before and after
 * exactly as stored behind "Raw values", for when the words are not enough.
 */
export function EntryChanges({ entry }: { entry: AuditEntry }) {
  if (entry.before === null && entry.after === null) return null;
  const changes = auditChanges(entry.action, entry.before, entry.after);
  return (
    <div className="flex flex-col gap-2">
      {changes.length > 0 ? (
        <dl className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
          {changes.map((change, index) => (
            <ChangeRow key={`${change.label}-${index}`} change={change} />
          ))}
        </dl>
      ) : (
        <p className="text-sm text-gray-700">No field changed.</p>
      )}
      <details className="text-xs text-gray-700">
        <summary className="w-fit cursor-pointer rounded font-semibold text-gray-700 hover:text-ink">
          Raw values
        </summary>
        <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[4rem_minmax(0,1fr)]">
          <dt className="font-semibold">Before</dt>
          <dd>
            <pre className="font-mono break-all whitespace-pre-wrap">{raw(entry.before)}</pre>
          </dd>
          <dt className="font-semibold">After</dt>
          <dd>
            <pre className="font-mono break-all whitespace-pre-wrap">{raw(entry.after)}</pre>
          </dd>
        </dl>
      </details>
    </div>
  );
}
