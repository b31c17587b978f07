import { useRef, useState } from 'react';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditEntry } from '../../../domain/audit';
import { BackToAdminLink } from '../../components/back-to-admin-link';
import { LoadStatus } from '../../components/load-status';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { Pager } from '../../components/pager';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuditLog } from './api/use-audit-log';
import { EntryChanges } from './entry-changes';

const fieldClass =
  'h-11 w-full rounded-xl border border-gray-300 bg-white px-3 text-sm font-medium hover:border-ink';

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="flex flex-col gap-2 py-4 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <time dateTime={entry.at} className="font-mono text-xs text-gray-600">
          {entry.at.slice(0, 19).replace('T', ' ')} UTC
        </time>
        <span className="font-bold">{AUDIT_ACTIONS[entry.action]}</span>
        {entry.target.label && <span className="font-mono text-xs break-all">{entry.target.label}</span>}
        <span className="text-gray-700 sm:ml-auto">{entry.actor}</span>
      </p>
      <EntryChanges entry={entry} />
    </li>
  );
}

/**
 * `/audit` (staff): the audit log, newest first, 20 a page, filtered by person and kind. Read only:
 * no entry can be changed or deleted.
 */
export default function AuditPage() {
  useDocumentTitle('Audit log');
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [offset, setOffset] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const log = useAuditLog(actor.trim(), action, offset);

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <div className="mb-4">
        <BackToAdminLink />
      </div>
      <PageHeader
        eyebrow="Admin"
        title="Audit log"
        description="Every change the staff made, and their sign-ins: who, when, and what changed, field by field."
      />
      <div role="search" aria-label="Filter the audit log" className="mb-6 grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Person
          <input
            type="search"
            value={actor}
            maxLength={254}
            placeholder="Part of an email"
            onChange={(event) => {
              setActor(event.target.value);
              setOffset(0);
            }}
            className={fieldClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Kind
          <select
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setOffset(0);
            }}
            className={fieldClass}
          >
            <option value="">Everything</option>
            {AUDIT_ACTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {AUDIT_ACTIONS[name]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section
        aria-labelledby="audit-entries"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
      >
        <h2 id="audit-entries" ref={heading} tabIndex={-1} className="text-lg font-black tracking-tight">
          Entries{log.data && <span className="ml-2 text-gray-600 tabular-nums">({log.data.total})</span>}
        </h2>
        {log.isPending || log.isError ? (
          <LoadStatus failed={log.isError} className="py-8" />
        ) : log.data.items.length === 0 ? (
          <p className="py-8 text-center text-sm font-semibold text-gray-600">Nothing matches.</p>
        ) : (
          <ol
            className={`mt-2 divide-y divide-gray-100 ${log.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={log.isPlaceholderData}
          >
            {log.data.items.map((entry) => (
              <EntryRow key={entry._id} entry={entry} />
            ))}
          </ol>
        )}
        {log.data && (
          <Pager
            offset={offset}
            pageSize={AUDIT_PAGE_SIZE}
            total={log.data.total}
            onChange={setOffset}
            listHeading={heading}
            label="Audit log pagination"
          />
        )}
      </section>
    </div>
  );
}
