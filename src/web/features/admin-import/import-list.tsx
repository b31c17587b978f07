import { Link } from 'react-router';
import type { ImportStatus } from '../../../domain/contracts/catalogue-import';
import { textLinkClass } from '../../components/forms/button-class';
import { count, countsText, stateLabel, uploadedAt } from './import-text';

const stateTone: Record<ImportStatus['state'], string> = {
  queued: 'bg-gray-100 text-gray-800',
  running: 'bg-amber-100 text-amber-900',
  waiting: 'bg-sky-100 text-sky-900',
  done: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-gray-100 text-gray-700',
};

function summary(status: ImportStatus): string {
  if (status.errorCount > 0) return `${count(status.errorCount)} errors`;
  if (!status.rows) return `${count(status.progress.total)} rows`;
  return `Rows: ${countsText(status.rows, status.state === 'done')}`;
}

interface ImportListProps {
  imports: readonly ImportStatus[];
  /** The import the page shows, marked in the list. */
  current: string | undefined;
  /** `?import={id}`: the address of an import on this page. */
  hrefOf: (id: string) => string;
}

/** The latest imports, newest first: each opens on this page, where it stands. */
export function ImportList({ imports, current, hrefOf }: ImportListProps) {
  if (imports.length === 0) return <p className="text-sm text-gray-700">No imports yet.</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {imports.map((status) => (
        <li key={status._id} className="flex flex-col gap-1 py-3 text-sm">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link
              to={hrefOf(status._id)}
              aria-current={status._id === current ? 'page' : undefined}
              className={`${textLinkClass} break-all aria-[current=page]:text-ink aria-[current=page]:no-underline`}
            >
              {status.fileName}
            </Link>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${stateTone[status.state]}`}>
              {stateLabel(status)}
            </span>
          </p>
          <p className="text-gray-700">
            <time dateTime={status.createdAt}>{uploadedAt(status.createdAt)}</time>
            {status.by && <>, {status.by}</>}
            {status.zipName && <>, with {status.zipName}</>}
          </p>
          <p className="text-gray-700">{summary(status)}</p>
        </li>
      ))}
    </ul>
  );
}
