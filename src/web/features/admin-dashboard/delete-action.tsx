import type { UseMutationResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { runAdminChange } from './run-admin-change';
import { dangerActionClass } from './table-classes';

interface DeleteActionProps {
  /** What is deleted, for screen readers ("Delete Aero Racer"). */
  name: string;
  /** What deleting it means, shown under the spec's question. */
  description: ReactNode;
  /** The table's delete request, by id; a refusal carries the server's reason (a brand with shoes). */
  mutation: UseMutationResult<unknown, Error, string>;
  /** The row's id. */
  id: string;
  /** Runs after a successful delete (e.g. step back from a page that just became empty). */
  onDeleted?: () => void;
}

/**
 * A row's Delete button (spec §8): asks 'Are you sure? You won't be able to revert this!',
 * then shows 'Deleted!', or the server's reason when it refused.
 */
export function DeleteAction({ name, description, mutation, id, onDeleted }: DeleteActionProps) {
  async function confirm(): Promise<void> {
    const deleted = await runAdminChange(async () => {
      await mutation.mutateAsync(id);
      return MESSAGES.admin.deleted;
    });
    if (deleted) onDeleted?.();
  }

  return (
    <ConfirmDialog
      title={MESSAGES.admin.confirmDelete}
      description={description}
      confirmLabel="Yes, delete it!"
      onConfirm={() => void confirm()}
      trigger={
        <button
          type="button"
          className={dangerActionClass}
          disabled={mutation.isPending && mutation.variables === id}
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
          Delete
          <span className="sr-only"> {name}</span>
        </button>
      }
    />
  );
}
