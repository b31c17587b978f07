import { KeyRound, ListChecks, Pause, PencilLine, Play, Send, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { NOTICE_MS } from '../../../domain/constants';
import type { WebhookEndpointAnswer, WebhookEndpointWithSecret } from '../../../domain/contracts/webhooks';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../lib/toast';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent, useUpdateEndpoint } from './api/webhooks';

const actionClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border border-gray-300 bg-white px-3.5 text-sm font-bold whitespace-nowrap text-ink transition-colors hover:border-ink disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-white';
const dangerClass = `${actionClass} border-red-200 text-deal hover:border-deal`;

/** A button's words, with the endpoint named for screen readers (every row has the same buttons). */
function Words({ children, url }: { children: ReactNode; url: string }) {
  return (
    <>
      {children}
      <span className="sr-only"> {url}</span>
    </>
  );
}

interface EndpointActionsProps {
  endpoint: WebhookEndpointAnswer;
  /** Its delivery log is the one shown. */
  showingLog: boolean;
  onShowLog: () => void;
  onEdit: () => void;
  /** A new secret to show once. */
  onRotated: (rotated: WebhookEndpointWithSecret) => void;
  onDeleted: () => void;
}

/**
 * What the staff do with one endpoint: read its log, send it a test event, pause or resume it, edit
 * it, and (each asked first, as they cannot be undone) give it a new secret or delete it. Outcomes are
 * told in a toast; focus stays on the button, or goes where the page sends it when the row goes.
 */
export function EndpointActions({
  endpoint,
  showingLog,
  onShowLog,
  onEdit,
  onRotated,
  onDeleted,
}: EndpointActionsProps) {
  const test = useSendTestEvent();
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const { id, url } = endpoint;
  const run = async <T,>(change: Promise<T>, done: string, then?: (answer: T) => void) => {
    try {
      const answer = await change;
      toast.success(done, { duration: NOTICE_MS.admin });
      then?.(answer);
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.error });
    }
  };
  const { active, events, description } = endpoint;

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" aria-pressed={showingLog} className={actionClass} onClick={onShowLog}>
        <ListChecks aria-hidden="true" className="size-4" />
        <Words url={url}>Delivery log</Words>
      </button>
      <button
        type="button"
        className={actionClass}
        disabled={test.isPending}
        onClick={() => {
          onShowLog();
          void run(test.mutateAsync({ id }), 'Test event queued');
        }}
      >
        <Send aria-hidden="true" className="size-4" />
        <Words url={url}>Send test event</Words>
      </button>
      <button
        type="button"
        className={actionClass}
        disabled={update.isPending}
        onClick={() =>
          void run(
            update.mutateAsync({ id, form: { url, events, description, active: !active } }),
            active ? 'Endpoint paused' : 'Endpoint resumed',
          )
        }
      >
        {active ? (
          <Pause aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4" />
        )}
        <Words url={url}>{active ? 'Pause' : 'Resume'}</Words>
      </button>
      <button type="button" className={actionClass} onClick={onEdit}>
        <PencilLine aria-hidden="true" className="size-4" />
        <Words url={url}>Edit</Words>
      </button>
      <ConfirmDialog
        trigger={
          <button type="button" className={actionClass} disabled={rotate.isPending}>
            <KeyRound aria-hidden="true" className="size-4" />
            <Words url={url}>Rotate secret</Words>
          </button>
        }
        title="Rotate the signing secret?"
        description={`The current secret stops signing at once: ${url} must be given the new one, shown once.`}
        confirmLabel="Rotate secret"
        onConfirm={() => void run(rotate.mutateAsync(id), 'New secret made', onRotated)}
      />
      <ConfirmDialog
        trigger={
          <button type="button" className={dangerClass} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            <Words url={url}>Delete</Words>
          </button>
        }
        title="Delete this endpoint?"
        description={`${url} receives nothing more, and its delivery log goes with it.`}
        confirmLabel="Delete endpoint"
        onConfirm={() => void run(remove.mutateAsync(id), 'Endpoint deleted', onDeleted)}
      />
    </div>
  );
}
