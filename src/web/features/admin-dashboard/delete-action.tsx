import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from './confirm-dialog';
import { dangerActionClass } from './table-classes';

interface DeleteActionProps {
  /** What is deleted, for screen readers ("Delete Aero Racer"). */
  name: string;
  /** What deleting it means, shown under the spec's question. */
  description: ReactNode;
  pending: boolean;
  /** Deletes; a rejection carries the server's reason (e.g. a brand that still has shoes). */
  onDelete: () => Promise<unknown>;
  /** Runs after a successful delete (e.g. step back from a page that just became empty). */
  onDeleted?: () => void;
}

/**
 * A row's Delete button (spec §8): asks 'Are you sure? You won't be able to revert this!',
 * then shows 'Deleted!', or the server's reason when it refused.
 */
export function DeleteAction({ name, description, pending, onDelete, onDeleted }: DeleteActionProps) {
  async function confirm(): Promise<void> {
    try {
      await onDelete();
      toast.success(MESSAGES.admin.deleted, { duration: NOTICE_MS.admin });
      onDeleted?.();
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.admin });
    }
  }

  return (
    <ConfirmDialog
      title={MESSAGES.admin.confirmDelete}
      description={description}
      confirmLabel="Yes, delete it!"
      onConfirm={() => void confirm()}
      trigger={
        <button type="button" className={dangerActionClass} disabled={pending}>
          <Trash2 aria-hidden="true" className="size-3.5" />
          Delete
          <span className="sr-only"> {name}</span>
        </button>
      }
    />
  );
}
