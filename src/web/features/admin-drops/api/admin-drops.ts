import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminDropAnswerSchema,
  adminDropListAnswerSchema,
  adminEntryListAnswerSchema,
  type AdminDropAnswer,
} from '../../../../domain/contracts/drops';
import { dropUrls } from '../../../../domain/drop-urls';
import type { DropPhase } from '../../../../domain/drop-phase';
import type { DropForm } from '../../../../domain/drops';
import { getData, sendJson } from '../../../api/http';
import { adminKeys, catalogKeys, dropKeys } from '../../../api/query-keys';

/** While entries close into the draw or the draw runs, its drop is read again this often. */
export const DRAW_POLL_MS = 2_000;
/** The list's phases and entry counts move on their own: read again now and then. */
const LIST_POLL_MS = 15_000;

const drawing = (drop: AdminDropAnswer | undefined) => drop?.phase === 'closed' || drop?.phase === 'drawing';

/** `GET /api/admin/drops`: every drop, with its sales, entries and flagged entries. */
export function useAdminDrops() {
  return useQuery({
    queryKey: adminKeys.drops,
    queryFn: ({ signal }) => getData(dropUrls.adminList(), adminDropListAnswerSchema, signal),
    refetchInterval: (query) =>
      query.state.data?.some((drop) => drawing(drop)) ? DRAW_POLL_MS : LIST_POLL_MS,
  });
}

/** `GET /api/admin/drops/{id}`: one drop with its draw's progress, read every few seconds while drawing. */
export function useAdminDrop(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.drop(id ?? ''),
    enabled: id !== undefined,
    queryFn: ({ signal }) => getData(dropUrls.adminDrop(id ?? ''), adminDropAnswerSchema, signal),
    refetchInterval: (query) => (drawing(query.state.data) ? DRAW_POLL_MS : false),
  });
}

/**
 * `GET /api/admin/drops/{id}/entries`: its entries with their flags; read again at each change of the
 * drop's phase (the draw's outcomes) and every few seconds while it draws.
 */
export function useAdminDropEntries(id: string | undefined, phase: DropPhase, polling: boolean) {
  return useQuery({
    queryKey: [...adminKeys.dropEntries(id ?? ''), phase],
    enabled: id !== undefined,
    queryFn: ({ signal }) => getData(dropUrls.adminEntries(id ?? ''), adminEntryListAnswerSchema, signal),
    refetchInterval: polling ? DRAW_POLL_MS : false,
  });
}

/** A staff change of drops: the admin's lists and the storefront's drops are read again. */
function useDropChange<Input>(send: (input: Input) => Promise<AdminDropAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.drops }),
        queryClient.invalidateQueries({ queryKey: dropKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]);
    },
  });
}

/** `POST /api/admin/drops` (201): schedules a drop; a draw's job is queued for its close. */
export const useScheduleDrop = () =>
  useDropChange((form: DropForm) => sendJson('POST', dropUrls.adminList(), form, adminDropAnswerSchema));

/** `PUT /api/admin/drops/{id}`: changes a drop until it opens; a draw's job follows its close. */
export const useEditDrop = () =>
  useDropChange(({ id, form }: { id: string; form: DropForm }) =>
    sendJson('PUT', dropUrls.adminDrop(id), form, adminDropAnswerSchema),
  );

/** `POST /api/admin/drops/{id}/close`: closes the entries now and draws. */
export const useCloseDrop = () =>
  useDropChange((id: string) => sendJson('POST', dropUrls.adminClose(id), {}, adminDropAnswerSchema));

/** `POST /api/admin/drops/{id}/cancel`: nobody is charged. */
export const useCancelDrop = () =>
  useDropChange((id: string) => sendJson('POST', dropUrls.adminCancel(id), {}, adminDropAnswerSchema));
