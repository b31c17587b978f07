import type { PhotoUpload } from './use-photo-uploads';

/** Each file being added: its name, its own progress bar, and its outcome in words. */
export function PhotoUploadList({ uploads }: { uploads: readonly PhotoUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Photo uploads" className="mt-3 grid gap-2">
      {uploads.map((upload) => (
        <li key={upload.key} className="rounded-xl border border-gray-200 bg-white px-3 py-2 text-sm">
          <div className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate font-semibold">{upload.name}</span>
            <span className="shrink-0 text-gray-700">
              {upload.state === 'done'
                ? 'Added'
                : upload.state === 'failed'
                  ? 'Not added'
                  : `${Math.round(upload.progress * 100)}%`}
            </span>
          </div>
          {upload.state !== 'failed' && (
            <progress
              max={1}
              value={upload.progress}
              aria-label={`Uploading ${upload.name}`}
              className="mt-1 h-2 w-full accent-ink"
            />
          )}
          {upload.error && (
            <p role="alert" className="mt-1 font-semibold text-red-700">
              {upload.error}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
