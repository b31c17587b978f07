import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  webhookDeliveryAnswerSchema,
  webhookDeliveryPageSchema,
  webhookEndpointAnswerSchema,
  webhookEndpointListSchema,
  webhookEndpointWithSecretSchema,
  type WebhookEndpointForm,
} from '../../../../domain/contracts/webhooks';
import { apiUrl, getData, sendJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';
import { nextPollMs } from '../delivery-polling';

/** Under `admin`, so an admin change elsewhere refreshes them too. */
const webhookKeys = {
  all: [...adminKeys.all, 'webhooks'] as const,
  list: [...adminKeys.all, 'webhooks', 'list'] as const,
  deliveries: (id: string) => [...adminKeys.all, 'webhooks', 'deliveries', id] as const,
  deliveryPage: (id: string, page: number) => [...adminKeys.all, 'webhooks', 'deliveries', id, page] as const,
};

/** Rows of an endpoint's delivery log a page shows. */
export const DELIVERY_PAGE_SIZE = 20;

const url = (path = '') => apiUrl(`/admin/webhooks${path}`);
const endpointUrl = (id: string, action = '') => url(`/${encodeURIComponent(id)}${action}`);

/** `GET /api/admin/webhooks`: every endpoint, newest first, without secrets. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: ({ signal }) => getData(url(), webhookEndpointListSchema, signal),
  });
}

/**
 * `GET /api/admin/webhooks/{id}/deliveries?page&limit`: one page of the log, newest first. Asked again
 * only while a delivery on it is pending or being sent, as often as its next attempt needs.
 */
export function useWebhookDeliveries(id: string | undefined, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveryPage(id ?? '', page),
    enabled: id !== undefined,
    queryFn: ({ signal }) =>
      getData(
        apiUrl(`/admin/webhooks/${encodeURIComponent(id ?? '')}/deliveries`, {
          page,
          limit: DELIVERY_PAGE_SIZE,
        }),
        webhookDeliveryPageSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => nextPollMs(query.state.data?.deliveries ?? [], Date.now()),
  });
}

/** Every change re-reads the endpoints; the secret of an answer is handed to the caller, never cached. */
function useEndpointChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

/** `POST /api/admin/webhooks` (201, with the secret), or `PUT /api/admin/webhooks/{id}` when editing. */
export const useCreateEndpoint = () =>
  useEndpointChange((form: WebhookEndpointForm) =>
    sendJson('POST', url(), form, webhookEndpointWithSecretSchema),
  );

export const useUpdateEndpoint = () =>
  useEndpointChange(({ id, form }: { id: string; form: WebhookEndpointForm }) =>
    sendJson('PUT', endpointUrl(id), form, webhookEndpointAnswerSchema),
  );

/** `DELETE /api/admin/webhooks/{id}` (204): its deliveries go with it. */
export const useDeleteEndpoint = () =>
  useEndpointChange((id: string) => sendJson('DELETE', endpointUrl(id), undefined, z.null()));

/** `POST /api/admin/webhooks/{id}/rotate`: a new secret, shown once; the old one stops signing. */
export const useRotateSecret = () =>
  useEndpointChange((id: string) =>
    sendJson('POST', endpointUrl(id, '/rotate'), {}, webhookEndpointWithSecretSchema),
  );

/** A delivery queued (a test event, a replay): its endpoint's log is read again, and so polls. */
function useDeliveryChange<Input extends { id: string }>(path: (input: Input) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => sendJson('POST', path(input), {}, webhookDeliveryAnswerSchema),
    onSettled: (_answer, _error, input) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(input.id) }),
  });
}

/** `POST /api/admin/webhooks/{id}/test` (202): a `ping`, sent even to a paused endpoint. */
export const useSendTestEvent = () => useDeliveryChange(({ id }: { id: string }) => endpointUrl(id, '/test'));

/** `POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/replay` (202): the same delivery, due now. */
export const useReplayDelivery = () =>
  useDeliveryChange(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    endpointUrl(id, `/deliveries/${encodeURIComponent(deliveryId)}/replay`),
  );
