import type { WebhookEndpointAnswer, WebhookEndpointWithSecret } from '../../../domain/contracts/webhooks';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '../../../domain/contracts/webhooks';
import { EndpointActions } from './endpoint-actions';
import { utcMinute } from './webhook-text';

/** The events an endpoint receives, in words: "All events" when it takes every one. */
function eventsOf(endpoint: WebhookEndpointAnswer): string {
  if (WEBHOOK_EVENT_TYPES.every((type) => endpoint.events.includes(type))) return 'All events';
  return endpoint.events.map((type) => WEBHOOK_EVENTS[type]).join(', ');
}

interface EndpointListProps {
  endpoints: readonly WebhookEndpointAnswer[];
  /** The endpoint whose delivery log is shown. */
  showing: string | undefined;
  onShowLog: (id: string) => void;
  onEdit: (endpoint: WebhookEndpointAnswer) => void;
  onRotated: (rotated: WebhookEndpointWithSecret) => void;
  onDeleted: (id: string) => void;
}

/** Every endpoint, newest first: its address, whether it is active, its note, events and age, and its actions. */
export function EndpointList({
  endpoints,
  showing,
  onShowLog,
  onEdit,
  onRotated,
  onDeleted,
}: EndpointListProps) {
  if (endpoints.length === 0)
    return <p className="text-gray-700">No endpoints yet: no other system hears about the shop’s events.</p>;
  return (
    <ul className="divide-y divide-gray-200" aria-label="Endpoints">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id} className="flex flex-col gap-3 py-5 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-bold break-all">{endpoint.url}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                  endpoint.active ? 'bg-emerald-50 text-emerald-800' : 'bg-gray-200 text-gray-700'
                }`}
              >
                {endpoint.active ? 'Active' : 'Paused'}
              </span>
            </p>
            {endpoint.description && <p className="mt-1 text-sm break-words">{endpoint.description}</p>}
            <p className="mt-1 text-sm text-gray-700">
              <span className="font-semibold text-ink">Events:</span> {eventsOf(endpoint)}
            </p>
            <p className="text-sm text-gray-600">
              Created <time dateTime={endpoint.createdAt}>{utcMinute(endpoint.createdAt)}</time>
            </p>
          </div>
          <EndpointActions
            endpoint={endpoint}
            showingLog={showing === endpoint.id}
            onShowLog={() => onShowLog(endpoint.id)}
            onEdit={() => onEdit(endpoint)}
            onRotated={onRotated}
            onDeleted={() => onDeleted(endpoint.id)}
          />
        </li>
      ))}
    </ul>
  );
}
