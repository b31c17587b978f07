/** How far an upload has got (0 to 1, useUploadProgress); renders nothing while no upload runs. */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <div className="flex items-center gap-3 text-sm font-semibold text-gray-700">
      <progress
        value={progress}
        max={1}
        aria-label="Upload progress"
        className="h-2 flex-1 appearance-none overflow-hidden rounded-full bg-gray-200 [&::-moz-progress-bar]:bg-accent-dark [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-accent-dark [&::-webkit-progress-value]:transition-[width]"
      />
      <span className="w-10 text-right tabular-nums">{Math.round(progress * 100)}%</span>
    </div>
  );
}
