import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { ImportStatus } from '../../../domain/contracts/catalogue-import';
import { errorMessage } from '../../api/http';
import { FormAlert } from '../../components/forms/form-alert';
import { primaryButtonClass, secondaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { paths } from '../../paths';
import { isRunning, useImportAction } from './api/imports';
import { ImportCounts } from './import-counts';
import { ImportErrors } from './import-errors';
import { ImportProgress } from './import-progress';
import { count, countsText } from './import-text';

/** A previewed import: Apply and Cancel, or Apply held back with the reason when the file has errors. */
function PreviewActions({ status }: { status: ImportStatus }) {
  const reasonId = useId();
  const apply = useImportAction('apply');
  const cancel = useImportAction('cancel');
  const blocked = status.errorCount > 0;
  const failed = apply.error ?? cancel.error;
  return (
    <div className="space-y-3">
      {blocked && (
        <p id={reasonId} className="text-sm font-semibold text-red-800">
          Nothing can be applied while the file has errors: fix the {count(status.errorCount)}{' '}
          {status.errorCount === 1 ? 'row' : 'rows'} above in the file and upload it again.
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={blocked || apply.isPending || cancel.isPending}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => apply.mutate(status._id)}
          className={primaryButtonClass}
        >
          <Check aria-hidden="true" className="size-4" />
          {apply.isPending ? 'Applying...' : 'Apply import'}
        </button>
        <button
          type="button"
          disabled={apply.isPending || cancel.isPending}
          onClick={() => cancel.mutate(status._id)}
          className={secondaryButtonClass}
        >
          <X aria-hidden="true" className="size-4" />
          {cancel.isPending ? 'Cancelling...' : 'Cancel'}
        </button>
      </div>
      {failed && <FormAlert tone="error">{errorMessage(failed)}</FormAlert>}
    </div>
  );
}

/** What the page says of the import's outcome: read out when it changes (the card's live region). */
function outcome(status: ImportStatus): string {
  switch (status.state) {
    case 'waiting':
      return status.errorCount > 0
        ? `Preview ready: the file has ${count(status.errorCount)} ${status.errorCount === 1 ? 'error' : 'errors'}.`
        : `Preview ready: ${status.rows ? countsText(status.rows, false) : 'no rows'}. Nothing is written until you apply it.`;
    case 'done':
      return `Import applied: ${status.rows ? countsText(status.rows, true) : 'no rows'}.`;
    case 'cancelled':
      return 'Import cancelled: nothing was written.';
    case 'failed':
      // Decision 023: the apply writes whole shoes in batches and is idempotent by SKU.
      return status.stage === 'apply'
        ? `The import stopped after ${count(status.progress.done)} of ${count(status.progress.total)} rows, whole shoes only. Upload the same files again to finish it: what is already in stays unchanged.`
        : 'The file could not be read: nothing was written.';
    default:
      return '';
  }
}

/**
 * One import, as its job stands: the progress bar while it is read or written, then the preview
 * (counts, every error, Apply or Cancel), then the report with links to what it changed.
 */
export function ImportStatusView({ status }: { status: ImportStatus }) {
  const running = isRunning(status);
  const done = status.state === 'done';
  return (
    <div className="space-y-5">
      <p className="text-sm break-words text-gray-700">
        <span className="font-bold text-ink">{status.fileName}</span>
        {status.zipName && <> with the photos of {status.zipName}</>}
        {status.by && <>, uploaded by {status.by}</>}
      </p>
      {running && <ImportProgress status={status} />}
      <div role="status" className="font-semibold">
        {outcome(status)}
      </div>
      {status.state === 'failed' && status.failure && <FormAlert tone="error">{status.failure}</FormAlert>}
      {/* A file with errors is not counted through: its figures would say less than the file holds. */}
      {((status.state === 'waiting' && status.errorCount === 0) || done) && (
        <ImportCounts status={status} done={done} />
      )}
      {status.errors.length > 0 && <ImportErrors status={status} />}
      {status.state === 'waiting' && <PreviewActions status={status} />}
      {done && (
        <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Link to={paths.admin} className={textLinkClass}>
            See the shoes table
          </Link>
          <Link to={paths.shoes} className={textLinkClass}>
            See the storefront
          </Link>
        </p>
      )}
    </div>
  );
}
