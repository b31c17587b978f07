import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CATALOGUE_CSV_COLUMNS } from '../../../domain/catalogue-csv';
import { BackToAdminLink } from '../../components/back-to-admin-link';
import { LoadStatus } from '../../components/load-status';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { useDocumentTitle } from '../../components/use-document-title';
import { TEMPLATE_URL, useImport, useImports } from './api/imports';
import { ImportList } from './import-list';
import { ImportStatusView } from './import-status';
import { UploadForm } from './upload-form';

const TITLE = 'Import the catalogue';
/** The import this page shows: in the address, so a reload comes back to it. */
const PARAM = 'import';

/**
 * `/importcatalogue` (staff, issue 33 item 3): upload a catalogue CSV and its photos, watch the job
 * read every row, read the preview, then apply it and read the report. The import in hand is in
 * `?import={id}` and the latest ones are listed, so a reload or another tab finds it again.
 */
export default function ImportPage() {
  useDocumentTitle(TITLE);
  const [query, setQuery] = useSearchParams();
  const id = query.get(PARAM) ?? undefined;
  const current = useImport(id);
  const latest = useImports();
  const hrefOf = (importId: string) => `?${new URLSearchParams({ [PARAM]: importId }).toString()}`;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-4">
        <BackToAdminLink />
      </div>
      <PageHeader
        eyebrow="Admin"
        title={TITLE}
        description={
          <div className="space-y-3">
            <p>
              One row per shoe and size, the shoe's own columns repeated on each of its rows; rows that share
              a brand, shoe and colour are one shoe. Sizes are matched by SKU, so the same file twice changes
              nothing. Photos come in a ZIP, named in the <code>images</code> column (several split by{' '}
              <code>|</code>, the first is the cover). Every row is checked and previewed before anything is
              written.
            </p>
            <p className="text-sm break-words text-gray-600">Columns: {CATALOGUE_CSV_COLUMNS.join(', ')}.</p>
            <a
              href={TEMPLATE_URL}
              download
              className={`${secondaryButtonClass} min-h-10 px-4 py-1.5 text-sm`}
            >
              <Download aria-hidden="true" className="size-4" />
              Download the template
            </a>
          </div>
        }
      />
      <div>
        <SectionCard title="Upload a file">
          <div className="mt-4">
            <UploadForm onUploaded={(importId) => setQuery({ [PARAM]: importId })} />
          </div>
        </SectionCard>
        {id !== undefined && (
          <SectionCard title="This import">
            <div className="mt-4">
              {current.data ? (
                <ImportStatusView status={current.data} />
              ) : (
                <LoadStatus failed={current.isError} className="py-6" />
              )}
            </div>
          </SectionCard>
        )}
        <SectionCard title="Latest imports">
          <div className="mt-2">
            {latest.data ? (
              <ImportList imports={latest.data} current={id} hrefOf={hrefOf} />
            ) : (
              <LoadStatus failed={latest.isError} className="py-6" />
            )}
          </div>
        </SectionCard>
      </div>
    </div>
  );
}
