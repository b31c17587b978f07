import { useState } from 'react';

/**
 * How far a form's upload has got: 0 to 1, or null while none runs. The request reports to
 * `onProgress`; `track(upload)` shows the progress for as long as that one upload runs.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);

  async function track<T>(upload: () => Promise<T>): Promise<T> {
    setProgress(0);
    try {
      return await upload();
    } finally {
      setProgress(null);
    }
  }

  return { progress, onProgress: setProgress, track };
}
