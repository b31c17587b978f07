import type { z } from 'zod';
import { MESSAGES } from '../../domain/messages';
import { ApiError, apiErrorFrom } from './http';

/** Upload progress, from 0 to 1. */
export type ProgressListener = (fraction: number) => void;

/** Text fields (undefined ones are left out) and files of a multipart body, in one FormData. */
export function multipartBody(
  fields: Readonly<Record<string, string | undefined>>,
  files: Readonly<Record<string, File | undefined>> = {},
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(name, value);
  }
  // Files go last: the server can read every text field before it streams the file.
  for (const [name, file] of Object.entries(files)) {
    if (file) body.append(name, file);
  }
  return body;
}

/**
 * POSTs or PUTs a multipart/form-data body and checks the answer against `schema`;
 * throws an ApiError on non-2xx. XMLHttpRequest rather than fetch because only it
 * reports upload progress.
 */
export function sendMultipart<T>(
  method: 'POST' | 'PUT',
  url: string,
  formData: FormData,
  schema: z.ZodType<T>,
  onProgress?: ProgressListener,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFrom(request.status, request.statusText, request.responseText));
        return;
      }
      try {
        resolve(schema.parse(JSON.parse(request.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, 'network', MESSAGES.common.somethingWrong));
    // The browser sets the multipart Content-Type, boundary included.
    request.send(formData);
  });
}
