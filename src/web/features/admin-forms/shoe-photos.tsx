import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { Shoe } from '../../../domain/catalog';
import { MAX_ALT_TEXT, MAX_GALLERY_IMAGES, type GalleryImage } from '../../../domain/contracts/gallery';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ShoeImage } from '../../components/shoe-image';
import { useGallery, useGalleryChange } from './api/gallery';
import { PhotoUploadList } from './photo-upload-list';
import { usePhotoUploads } from './use-photo-uploads';

const smallButton =
  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-full border border-gray-300 bg-white px-3 py-1.5 text-sm font-bold text-ink transition-colors hover:border-ink disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-gray-300';

const moved = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};
const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The Photos section of Modify Shoes (issue 33 item 1): the gallery in order, each photo with its
 * alt text; files added by drag and drop or the picker (several at once, a progress bar each),
 * reordered by dragging or by "Move earlier"/"Move later" (announced), deleted after a confirmation,
 * and any of them made the cover, which is also the shoe's image everywhere else.
 */
export function ShoePhotos({ shoe }: { shoe: Shoe }) {
  const gallery = useGallery(shoe._id);
  const change = useGalleryChange(shoe._id);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState('');
  const [dropping, setDropping] = useState(false);
  const dragged = useRef<number | null>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const photos = gallery.data?.images ?? [];
  const ids = photos.map((photo) => photo._id);
  const busy =
    change.reorder.isPending ||
    change.makeCover.isPending ||
    change.remove.isPending ||
    change.setAlt.isPending;
  const uploads = usePhotoUploads({
    shoeId: shoe._id,
    defaultAlt: (position) => `${shoe.brand} ${shoe.name}, photo ${position}`,
    onAdded: async (answer) => {
      await change.settle(answer);
      setAnnouncement(`Photo added: ${answer.images.length} of ${MAX_GALLERY_IMAGES}`);
    },
  });

  /** Runs a change; says what happened, or what went wrong. */
  async function run(action: () => Promise<unknown>, done: string) {
    setFailure('');
    try {
      await action();
      setAnnouncement(done);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  // The moved photo's button keeps the focus once the list shows the new order (at either end, the
  // other direction's button, the first being disabled there).
  const refocusRef = useRef<{ id: string; direction: 'earlier' | 'later' }>(undefined);
  useEffect(() => {
    const refocus = refocusRef.current;
    if (!refocus || busy) return;
    const other = refocus.direction === 'earlier' ? 'later' : 'earlier';
    const wanted = document.getElementById(`${refocus.direction}-${refocus.id}`);
    const button =
      wanted instanceof HTMLButtonElement && !wanted.disabled
        ? wanted
        : document.getElementById(`${other}-${refocus.id}`);
    button?.focus();
    refocusRef.current = undefined;
  });

  async function move(from: number, to: number, focusAfter?: 'earlier' | 'later') {
    if (to < 0 || to >= ids.length || from === to) return;
    const photo = photos[from]!;
    if (focusAfter) refocusRef.current = { id: photo._id, direction: focusAfter };
    await run(
      () => change.reorder.mutateAsync(moved(ids, from, to)),
      `${photo.alt} moved to position ${to + 1} of ${ids.length}`,
    );
  }

  function onDrop(event: DragEvent<HTMLElement>, to?: number) {
    event.preventDefault();
    setDropping(false);
    if (isFileDrag(event)) {
      void uploads.add([...event.dataTransfer.files], photos.length);
    } else if (to !== undefined && dragged.current !== null) {
      void move(dragged.current, to);
    }
    dragged.current = null;
  }

  return (
    <div>
      <p className="text-sm text-gray-700">
        Up to {MAX_GALLERY_IMAGES} photos. The first is the cover: it shows on cards and first on the
        shoe&apos;s page. Drag a photo to move it, or use its Move buttons.
      </p>
      {gallery.isPending ? (
        <p className="mt-4 text-sm font-semibold">Loading photos…</p>
      ) : gallery.isError ? (
        <p role="alert" className="mt-4 text-sm font-semibold text-red-700">
          {errorMessage(gallery.error)}
        </p>
      ) : (
        <ol aria-label="Photos in order" className="mt-4 grid gap-3">
          {photos.map((photo, index) => (
            <PhotoRow
              key={photo._id}
              photo={photo}
              index={index}
              count={photos.length}
              busy={busy}
              onDragStart={() => (dragged.current = index)}
              onDrop={(event) => onDrop(event, index)}
              onMove={(to, focusAfter) => void move(index, to, focusAfter)}
              onCover={() =>
                void run(() => change.makeCover.mutateAsync(photo._id), `${photo.alt} is now the cover`)
              }
              onDelete={() => void run(() => change.remove.mutateAsync(photo._id), `${photo.alt} deleted`)}
              onAlt={(alt) =>
                run(() => change.setAlt.mutateAsync({ imageId: photo._id, alt }), 'Description saved')
              }
            />
          ))}
        </ol>
      )}
      {failure && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {failure}
        </p>
      )}
      <div
        onDragOver={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => onDrop(event)}
        className={`mt-4 flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed p-5 text-center text-sm ${
          dropping ? 'border-ink bg-paper' : 'border-gray-300'
        }`}
      >
        <ImagePlus aria-hidden="true" className="size-7 text-gray-600" />
        <p>Drop photos here, or</p>
        <button
          type="button"
          className={smallButton}
          disabled={photos.length >= MAX_GALLERY_IMAGES}
          onClick={() => pickerRef.current?.click()}
        >
          Choose photos
        </button>
        <input
          ref={pickerRef}
          type="file"
          accept="image/*"
          multiple
          aria-label="Add photos"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void uploads.add(files, photos.length);
          }}
        />
        <p className="text-xs text-gray-600">JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each.</p>
      </div>
      <PhotoUploadList uploads={uploads.uploads} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

interface PhotoRowProps {
  photo: GalleryImage;
  index: number;
  count: number;
  busy: boolean;
  onDragStart: () => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onMove: (to: number, focusAfter: 'earlier' | 'later') => void;
  onCover: () => void;
  onDelete: () => void;
  onAlt: (alt: string) => Promise<void>;
}

/** One photo: its thumbnail, its alt text to edit, and what can be done with it. */
function PhotoRow({
  photo,
  index,
  count,
  busy,
  onDragStart,
  onDrop,
  onMove,
  onCover,
  onDelete,
  onAlt,
}: PhotoRowProps) {
  const [alt, setAlt] = useState(photo.alt);
  const fieldId = `alt-${photo._id}`;
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      aria-label={`Photo ${index + 1} of ${count}${index === 0 ? ', the cover' : ''}`}
      className="grid cursor-grab gap-3 rounded-2xl border border-gray-200 bg-white p-3 sm:grid-cols-[8rem_1fr]"
    >
      <div className="relative">
        <ShoeImage
          src={photo.url}
          sizes="thumbnail"
          alt=""
          width={128}
          height={96}
          className="aspect-[4/3] w-32 rounded-xl object-cover"
        />
        {index === 0 && (
          <span className="absolute top-1 left-1 inline-flex items-center gap-1 rounded-full bg-ink px-2 py-0.5 text-xs font-bold text-white">
            <Star aria-hidden="true" className="size-3" /> Cover
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <form
          method="post"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void onAlt(alt);
          }}
        >
          <div className="flex min-w-0 flex-1 basis-full flex-col gap-1 sm:basis-0">
            <label htmlFor={fieldId} className="text-sm font-bold">
              Description (alt text)
            </label>
            <input
              id={fieldId}
              value={alt}
              maxLength={MAX_ALT_TEXT}
              required
              onChange={(event) => setAlt(event.target.value)}
              className="min-h-10 w-full rounded-xl border border-gray-300 px-3 py-2 text-sm"
            />
          </div>
          <button type="submit" className={smallButton} disabled={busy || alt.trim() === photo.alt}>
            Save description
          </button>
        </form>
        <div className="flex flex-wrap gap-2">
          <button
            id={`earlier-${photo._id}`}
            type="button"
            className={smallButton}
            disabled={busy || index === 0}
            onClick={() => onMove(index - 1, 'earlier')}
          >
            <ArrowUp aria-hidden="true" className="size-4" /> Move earlier
          </button>
          <button
            id={`later-${photo._id}`}
            type="button"
            className={smallButton}
            disabled={busy || index === count - 1}
            onClick={() => onMove(index + 1, 'later')}
          >
            <ArrowDown aria-hidden="true" className="size-4" /> Move later
          </button>
          {index > 0 && (
            <button type="button" className={smallButton} disabled={busy} onClick={onCover}>
              <Star aria-hidden="true" className="size-4" /> Make cover
            </button>
          )}
          <ConfirmDialog
            title="Delete this photo?"
            description={`“${photo.alt}” leaves the gallery. This cannot be undone.`}
            confirmLabel="Delete photo"
            onConfirm={onDelete}
            trigger={
              <button type="button" className={smallButton} disabled={busy || count <= 1}>
                <Trash2 aria-hidden="true" className="size-4" /> Delete
              </button>
            }
          />
        </div>
      </div>
    </li>
  );
}
