import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WebhookEndpointAnswer, WebhookEndpointWithSecret } from '../../../domain/contracts/webhooks';
import { BackToAdminLink } from '../../components/back-to-admin-link';
import { cardClass } from '../../components/card-class';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { LoadStatus } from '../../components/load-status';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { useWebhookEndpoints } from './api/webhooks';
import { DeliveryLog } from './delivery-log';
import { EndpointForm } from './endpoint-form';
import { EndpointList } from './endpoint-list';
import { SecretBox } from './secret-box';

const TITLE = 'Webhooks';
/** The endpoint whose log is open: in the address, so a reload comes back to it. */
const PARAM = 'endpoint';
const smallButton = `${secondaryButtonClass} min-h-10 px-4 py-1.5 text-sm`;

/**
 * `/webhooks` (staff, issue 34 item 3): the addresses other systems hear the shop's events at, a form
 * to add or edit one, its signing secret shown once after an add or a rotation (kept in this page's
 * state only: leaving forgets it), and one endpoint's delivery log with replays.
 */
export default function WebhooksPage() {
  useDocumentTitle(TITLE);
  const endpoints = useWebhookEndpoints();
  const [query, setQuery] = useSearchParams();
  const [editing, setEditing] = useState<WebhookEndpointAnswer | 'new'>();
  const [revealed, setRevealed] = useState<Pick<WebhookEndpointWithSecret, 'url' | 'secret'>>();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const showing = query.get(PARAM) ?? undefined;
  const shown = endpoints.data?.find((endpoint) => endpoint.id === showing);
  const showLog = (id: string | undefined) => setQuery(id ? { [PARAM]: id } : {}, { replace: true });
  const backToList = () => listHeading.current?.focus();
  const reveal = ({ url, secret }: WebhookEndpointWithSecret) => setRevealed({ url, secret });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-4">
        <BackToAdminLink />
      </div>
      <PageHeader
        eyebrow="Admin"
        title={TITLE}
        description="Other systems (an ERP, a warehouse, a chat channel) hear about orders, returns, stock and shoes as they happen: the shop POSTs each event to their address, signed per Standard Webhooks, and retries for a day before it gives up."
      />
      <div className="space-y-6">
        {revealed && <SecretBox key={revealed.secret} {...revealed} onDone={() => setRevealed(undefined)} />}
        <section aria-labelledby="webhook-endpoints" className={cardClass}>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <h2
              id="webhook-endpoints"
              ref={listHeading}
              tabIndex={-1}
              className="text-xl font-bold tracking-tight"
            >
              Endpoints
            </h2>
            {editing !== 'new' && (
              <button type="button" className={smallButton} onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" className="size-4" />
                Add endpoint
              </button>
            )}
          </div>
          {endpoints.data ? (
            <EndpointList
              endpoints={endpoints.data}
              showing={showing}
              onShowLog={showLog}
              onEdit={setEditing}
              onRotated={reveal}
              onDeleted={(id) => {
                if (id === showing) showLog(undefined);
                if (editing !== 'new' && editing?.id === id) setEditing(undefined);
                backToList();
              }}
            />
          ) : (
            <LoadStatus failed={endpoints.isError} className="py-6" />
          )}
        </section>
        {editing && (
          <section aria-labelledby="webhook-form" className={cardClass}>
            <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <h2 id="webhook-form" className="text-xl font-bold tracking-tight">
                {editing === 'new' ? 'Add an endpoint' : 'Edit the endpoint'}
              </h2>
              <button
                type="button"
                className={smallButton}
                onClick={() => {
                  setEditing(undefined);
                  backToList();
                }}
              >
                Cancel
              </button>
            </div>
            <EndpointForm
              key={editing === 'new' ? 'new' : editing.id}
              endpoint={editing === 'new' ? undefined : editing}
              onCreated={(created) => {
                setEditing(undefined);
                showLog(created.id);
                reveal(created);
              }}
              onSaved={() => {
                setEditing(undefined);
                backToList();
              }}
            />
          </section>
        )}
        {shown && <DeliveryLog key={shown.id} endpointId={shown.id} url={shown.url} />}
      </div>
    </div>
  );
}
