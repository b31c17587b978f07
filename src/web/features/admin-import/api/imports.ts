import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  importListSchema,
  importStatusSchema,
  type ImportStatus,
} from '../../../../domain/contracts/catalogue-import';
import { apiUrl, getData, sendJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';
import { refreshCatalog } from '../../../api/refresh-catalog';
import { multipartBody, sendMultipart, type ProgressListener } from '../../../api/send-multipart';

/** Under `admin`, so an admin change elsewhere refreshes them too. */
const importKeys = {
  all: [...adminKeys.all, 'imports'] as const,
  list: [...adminKeys.all, 'imports', 'list'] as const,
  one: (id: string) => [...adminKeys.all, 'imports', 'one', id] as const,
};

/** How often a running import is asked for again: a progress bar that moves, without flooding the server. */
const POLL_MS = 1_000;

export const isRunning = (status: Pick<ImportStatus, 'state'>) =>
  status.state === 'queued' || status.state === 'running';

const url = (path = '') => apiUrl(`/admin/imports${path}`);
const importUrl = (id: string, action = '') => url(`/${encodeURIComponent(id)}${action}`);

/** The template's address: `GET /api/admin/imports/template.csv`, the columns and an example shoe. */
export const TEMPLATE_URL = url('/template.csv');

/** `GET /api/admin/imports`: the latest 10, newest first; asked again while one of them runs. */
export function useImports() {
  return useQuery({
    queryKey: importKeys.list,
    queryFn: ({ signal }) => getData(url(), importListSchema, signal),
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? POLL_MS * 2 : false),
  });
}

/**
 * `GET /api/admin/imports/{id}`: asked again every second while the job is queued or running, so the
 * progress bar moves; once it settles the list and (after an apply) the catalogue are read again.
 */
export function useImport(id: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.one(id ?? ''),
    enabled: id !== undefined,
    queryFn: ({ signal }) => getData(importUrl(id ?? ''), importStatusSchema, signal),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? POLL_MS : false),
  });
  // Not in the query function: invalidating there would cancel the very fetch that saw the change.
  const status = query.data;
  const settled = status && !isRunning(status) ? `${status._id}:${status.stage}:${status.state}` : undefined;
  const previous = useRef(settled);
  useEffect(() => {
    const before = previous.current;
    previous.current = settled;
    if (settled === undefined || before === settled || !status) return;
    if (status.stage === 'apply') void refreshCatalog(queryClient);
    else void queryClient.invalidateQueries({ queryKey: importKeys.list });
  }, [settled, status, queryClient]);
  return query;
}

/** A status the server sent back: shown at once, and the list read again. */
function useShowStatus() {
  const queryClient = useQueryClient();
  return (status: ImportStatus) => {
    queryClient.setQueryData(importKeys.one(status._id), status);
    void queryClient.invalidateQueries({ queryKey: importKeys.list });
  };
}

export interface UploadRequest {
  csv: File;
  zip?: File;
}

/**
 * `POST /api/admin/imports` multipart (file `csv`, optional file `zip`): 202 and the queued import;
 * 400/413 with `fields.csv` or `fields.zip` for a file refused at once.
 */
export function useUploadImport(onProgress?: ProgressListener) {
  const show = useShowStatus();
  return useMutation({
    mutationFn: ({ csv, zip }: UploadRequest) =>
      sendMultipart('POST', url(), multipartBody({}, { csv, zip }), importStatusSchema, onProgress),
    onSuccess: show,
  });
}

/** `POST /api/admin/imports/{id}/apply` (202) or `/cancel`: a previewed import written or dropped. */
export function useImportAction(action: 'apply' | 'cancel') {
  const show = useShowStatus();
  return useMutation({
    mutationFn: (id: string) => sendJson('POST', importUrl(id, `/${action}`), {}, importStatusSchema),
    onSuccess: show,
  });
}
