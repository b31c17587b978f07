import { ChevronLeft, ChevronRight, Expand, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Shoe } from '../../../domain/catalog';
import { photoAlt } from '../../../domain/gallery';
import { ShoeImage } from '../../components/shoe-image';

/** How far (px) a finger must travel sideways for a swipe, so a tap or a scroll never turns a photo. */
const SWIPE = 40;

const FRAME = 'overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5';
const MAIN_IMAGE = 'aspect-[4/3] w-full object-cover';
const ROUND_BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-black/10 transition-colors hover:bg-white';

/**
 * The shoe page's pictures (issue 33 item 1). One photo shows exactly as the page always did. With
 * more: the cover large (still the page's largest paint: eager, high priority, the preload's
 * srcset and sizes), thumbnails that switch it, previous/next buttons, ArrowLeft/ArrowRight while
 * the gallery has the focus, a swipe on touch screens, and a full-size view in a modal <dialog>
 * (focus trapped, Escape closes, focus back to the opener). Every box has its size before its
 * picture arrives: nothing shifts. Rendered alike by the server and the browser.
 */
export function ShoeGallery({ shoe }: { shoe: Shoe }) {
  const photos = shoe.images && shoe.images.length > 0 ? shoe.images : [{ url: shoe.image, alt: shoe.name }];
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const swipeFrom = useRef<number | null>(null);
  const swiped = useRef(false);

  if (photos.length <= 1) {
    return (
      // self-start: a taller column beside it (a restock form) must not stretch the frame past the picture.
      <div className={`self-start ${FRAME}`}>
        <ShoeImage
          src={shoe.image}
          sizes="shoePage"
          alt={`${shoe.brand} ${shoe.name} in ${shoe.color}`}
          priority
          className={MAIN_IMAGE}
        />
      </div>
    );
  }

  const current = photos[index]!;
  const count = photos.length;
  const show = (next: number) => setIndex((next + count) % count);

  function openFull(opener: HTMLElement) {
    openerRef.current = opener;
    setFull(true);
    dialogRef.current?.showModal();
  }
  function closeFull() {
    dialogRef.current?.close();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  }
  function onPointerDown(event: PointerEvent) {
    swiped.current = false;
    swipeFrom.current = event.pointerType === 'mouse' ? null : event.clientX;
  }
  function onPointerUp(event: PointerEvent) {
    if (swipeFrom.current === null) return;
    const distance = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(distance) < SWIPE) return;
    swiped.current = true;
    show(distance < 0 ? index + 1 : index - 1);
  }

  return (
    <section
      aria-label={`Photos of ${shoe.brand} ${shoe.name}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3 self-start"
    >
      <div
        className={`relative touch-pan-y ${FRAME}`}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        {/* A click or tap opens the full-size view; keyboards have the button below. */}
        <ShoeImage
          key={current.url}
          src={current.url}
          sizes="shoePage"
          alt={photoAlt(shoe, current)}
          priority={index === 0}
          loading={index === 0 ? 'eager' : undefined}
          className={`${MAIN_IMAGE} cursor-zoom-in`}
          onClick={(event) => {
            if (!swiped.current) openFull(event.currentTarget);
          }}
        />
        <button
          type="button"
          aria-label="Previous photo"
          onClick={() => show(index - 1)}
          className={`${ROUND_BUTTON} absolute top-1/2 left-3 -translate-y-1/2`}
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </button>
        <button
          type="button"
          aria-label="Next photo"
          onClick={() => show(index + 1)}
          className={`${ROUND_BUTTON} absolute top-1/2 right-3 -translate-y-1/2`}
        >
          <ChevronRight aria-hidden="true" className="size-6" />
        </button>
        <button
          type="button"
          aria-label="View full size"
          onClick={(event) => openFull(event.currentTarget)}
          className={`${ROUND_BUTTON} absolute right-3 bottom-3`}
        >
          <Expand aria-hidden="true" className="size-5" />
        </button>
        <p aria-live="polite" className="sr-only">
          {`Photo ${index + 1} of ${count}`}
        </p>
      </div>
      <ul className="flex gap-2 overflow-x-auto p-1" aria-label="Choose a photo">
        {photos.map((photo, i) => (
          <li key={`${photo.url}-${i}`} className="shrink-0">
            <button
              type="button"
              aria-label={photoAlt(shoe, photo)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
              className={`block overflow-hidden rounded-xl bg-white ring-2 transition-shadow ${
                i === index ? 'ring-ink' : 'ring-black/10 hover:ring-black/40'
              }`}
            >
              <ShoeImage
                src={photo.url}
                sizes="thumbnail"
                alt=""
                width={80}
                height={60}
                loading="lazy"
                className="aspect-[4/3] w-20 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialogRef}
        aria-label={photoAlt(shoe, current)}
        onClose={() => {
          setFull(false);
          openerRef.current?.focus();
        }}
        // A click on the dimmed backdrop lands on the <dialog> itself.
        onClick={(event) => {
          if (event.target === event.currentTarget) closeFull();
        }}
        className="m-auto max-h-[95dvh] w-[min(64rem,95vw)] max-w-none overflow-hidden rounded-3xl bg-white p-0 shadow-2xl backdrop:bg-ink/80"
      >
        <div className="relative">
          {full && (
            <img
              src={current.url}
              alt={photoAlt(shoe, current)}
              width={1000}
              height={750}
              className="aspect-[4/3] max-h-[95dvh] w-full object-contain"
            />
          )}
          <button
            type="button"
            aria-label="Close"
            onClick={closeFull}
            className={`${ROUND_BUTTON} absolute top-3 right-3`}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      </dialog>
    </section>
  );
}
