import { RotateCcw } from 'lucide-react';
import { Fragment, useRef, useState } from 'react';
import { NOTICE_MS } from '../../../domain/constants';
import type { WebhookDeliveryAnswer } from '../../../domain/contracts/webhooks';
import { errorMessage } from '../../api/http';
import { LoadStatus } from '../../components/load-status';
import { Pager } from '../../components/pager';
import { toast } from '../../lib/toast';
import { DELIVERY_PAGE_SIZE, useReplayDelivery, useWebhookDeliveries } from './api/webhooks';
import { DeliveryStateBadge } from './delivery-state-badge';
import { eventLabel, utcMinute } from './webhook-text';

const cell = 'max-md:block max-md:min-w-0 md:px-3 md:py-3 md:align-top md:first:pl-0 md:last:pr-0';
/** On a phone each row is a small card, every field under its column's name (`data-label`). */
const labelledCell = `${cell} max-md:before:mb-0.5 max-md:before:block max-md:before:text-[11px] max-md:before:font-bold max-md:before:tracking-widest max-md:before:text-gray-500 max-md:before:uppercase max-md:before:content-[attr(data-label)]`;
const rowClass =
  'max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:border-t max-md:border-gray-200 max-md:pt-4';
const replayClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1.5 text-xs font-bold whitespace-nowrap transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50';

const COLUMNS = ['Event', 'State', 'Attempts', 'Last status', 'Time', 'Next attempt'] as const;

/** What the receiver answered, or why the attempt failed: under its row, opened on demand. */
function Outcome({ delivery }: { delivery: WebhookDeliveryAnswer }) {
  if (delivery.lastError === null && delivery.responseExcerpt === null) return null;
  return (
    <details className="rounded-xl bg-paper px-3 py-2 text-sm">
      <summary className="cursor-pointer font-semibold">
        {delivery.lastError === null ? 'Response' : 'Error and response'}
        <span className="sr-only">
          {' '}
          of {eventLabel(delivery.eventType)}, {utcMinute(delivery.createdAt)}
        </span>
      </summary>
      {delivery.lastError !== null && <p className="mt-2 font-semibold text-deal">{delivery.lastError}</p>}
      {delivery.responseExcerpt !== null && (
        <pre className="mt-2 max-h-48 overflow-auto font-mono text-xs break-all whitespace-pre-wrap text-gray-800">
          {delivery.responseExcerpt || '(empty body)'}
        </pre>
      )}
    </details>
  );
}

function DeliveryRows({ endpointId, delivery }: { endpointId: string; delivery: WebhookDeliveryAnswer }) {
  const replay = useReplayDelivery();
  const label = eventLabel(delivery.eventType);
  const onReplay = async () => {
    try {
      await replay.mutateAsync({ id: endpointId, deliveryId: delivery.id });
      toast.success(`${label} queued again`, { duration: NOTICE_MS.admin });
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.error });
    }
  };
  const hasOutcome = delivery.lastError !== null || delivery.responseExcerpt !== null;
  return (
    <Fragment>
      <tr className={`${rowClass} ${hasOutcome ? '' : 'md:border-b md:border-gray-100'}`}>
        <th
          scope="row"
          data-label="Event"
          className={`${labelledCell} text-left font-bold max-md:col-span-2`}
        >
          {label}
        </th>
        <td data-label="State" className={labelledCell}>
          <DeliveryStateBadge state={delivery.state} />
        </td>
        <td data-label="Attempts" className={`${labelledCell} tabular-nums`}>
          {delivery.attempts}
        </td>
        <td data-label="Last status" className={`${labelledCell} tabular-nums`}>
          {delivery.lastStatus ?? '—'}
        </td>
        <td data-label="Time" className={`${labelledCell} whitespace-nowrap`}>
          <time dateTime={delivery.deliveredAt ?? delivery.createdAt}>
            {utcMinute(delivery.deliveredAt ?? delivery.createdAt)}
          </time>
        </td>
        <td data-label="Next attempt" className={`${labelledCell} whitespace-nowrap`}>
          {delivery.nextAttemptAt === null ? (
            '—'
          ) : (
            <time dateTime={delivery.nextAttemptAt}>{utcMinute(delivery.nextAttemptAt)}</time>
          )}
        </td>
        <td className={`${cell} md:text-right`}>
          <button
            type="button"
            className={replayClass}
            disabled={replay.isPending || delivery.state === 'delivering'}
            onClick={() => void onReplay()}
          >
            <RotateCcw aria-hidden="true" className="size-3.5" />
            Replay
            <span className="sr-only">
              {' '}
              {label}, {utcMinute(delivery.createdAt)}
            </span>
          </button>
        </td>
      </tr>
      {hasOutcome && (
        <tr className="max-md:block md:border-b md:border-gray-100">
          <td colSpan={COLUMNS.length + 1} className="max-md:block max-md:pt-3 md:pb-3">
            <Outcome delivery={delivery} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/**
 * An endpoint's delivery log, newest first, a page at a time: each event, where it stands, its
 * attempts, the last answer's status, when, the next attempt, and Replay; what the receiver said (or
 * why it failed) in a row under it. Read again while a delivery is on its way (api/webhooks.ts).
 */
export function DeliveryLog({ endpointId, url }: { endpointId: string; url: string }) {
  const [page, setPage] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const log = useWebhookDeliveries(endpointId, page);
  const moving = log.data?.deliveries.some(
    (delivery) => delivery.state === 'pending' || delivery.state === 'delivering',
  );

  return (
    <section
      aria-labelledby={`deliveries-${endpointId}`}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8"
    >
      <h2
        id={`deliveries-${endpointId}`}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold tracking-tight"
      >
        Delivery log
        {log.data && <span className="ml-2 text-gray-600 tabular-nums">({log.data.total})</span>}
      </h2>
      <p className="mt-1 text-sm break-all text-gray-700">{url}</p>
      {moving && (
        <p className="mt-2 text-sm text-gray-600">Updated on its own while a delivery is on its way.</p>
      )}
      {log.isPending || log.isError ? (
        <LoadStatus failed={log.isError} className="py-8" />
      ) : log.data.deliveries.length === 0 ? (
        <p className="py-8 text-center text-sm font-semibold text-gray-600">
          Nothing sent yet. Send a test event to try the endpoint.
        </p>
      ) : (
        <table
          className={`mt-4 w-full text-left text-sm max-md:block ${log.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={log.isPlaceholderData}
        >
          <caption className="sr-only">Deliveries to {url}, newest first</caption>
          <thead className="max-md:sr-only">
            <tr className="border-b border-gray-200 text-xs font-bold tracking-widest text-gray-600 uppercase">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 whitespace-nowrap first:pl-0">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2 pl-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-md:block max-md:space-y-4">
            {log.data.deliveries.map((delivery) => (
              <DeliveryRows key={delivery.id} endpointId={endpointId} delivery={delivery} />
            ))}
          </tbody>
        </table>
      )}
      {log.data && (
        <Pager
          offset={(page - 1) * DELIVERY_PAGE_SIZE}
          pageSize={DELIVERY_PAGE_SIZE}
          total={log.data.total}
          onChange={(offset) => setPage(offset / DELIVERY_PAGE_SIZE + 1)}
          listHeading={heading}
          label="Delivery log pagination"
        />
      )}
    </section>
  );
}
