import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Shoe } from '../../../domain/catalog';
import { SaleSlide } from './sale-slide';

interface SaleCarouselProps {
  /** Cheapest first, as the API sends them. */
  shoes: Shoe[];
  /** The section heading; the arrows sit beside it. */
  heading: ReactNode;
}

/** Slides in view on a desktop when the page opens. */
const EAGER_SLIDES = 3;

const CAROUSEL_OPTIONS: EmblaOptionsType = { loop: true, align: 'start' };

/**
 * Embla drives the slides once it has loaded. It loads after the first render, not with the page:
 * the slides are ordinary markup that shows the first deals meanwhile (no layout shift), and the
 * ~7 kB gzip stay out of the home page's first load.
 */
function useLazyEmbla(viewport: RefObject<HTMLDivElement | null>): EmblaCarouselType | undefined {
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  useEffect(() => {
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled || !viewport.current) return;
      instance = EmblaCarousel(viewport.current, CAROUSEL_OPTIONS);
      setEmbla(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [viewport]);
  return embla;
}

type Direction = 'prev' | 'next';

function move(embla: EmblaCarouselType, direction: Direction): void {
  if (direction === 'prev') embla.scrollPrev();
  else embla.scrollNext();
}

const arrowClass =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-ink shadow-md ring-1 ring-black/10 transition-colors hover:bg-ink hover:text-white';

/** The on-sale carousel: loops, so the arrows wrap around from the last deal to the first. */
export function SaleCarousel({ shoes, heading }: SaleCarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const embla = useLazyEmbla(viewportRef);
  // Arrows pressed before Embla has loaded (or before the app ran) scroll once it is there.
  const early = useRef<Direction[]>([]);
  useEffect(() => {
    if (embla) for (const direction of early.current.splice(0)) move(embla, direction);
  }, [embla]);
  const scroll = (direction: Direction) => {
    if (embla) move(embla, direction);
    else early.current.push(direction);
  };
  const scrollPrev = () => scroll('prev');
  const scrollNext = () => scroll('next');

  return (
    <>
      <div className="mb-6 flex items-end justify-between gap-4">
        {heading}
        {/* Labels avoid "Previous"/"Next": those name the listing's pager further down. */}
        <div className="flex shrink-0 gap-2">
          <button type="button" aria-label="Scroll deals left" onClick={scrollPrev} className={arrowClass}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" aria-label="Scroll deals right" onClick={scrollNext} className={arrowClass}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <div ref={viewportRef} className="-ml-4 overflow-hidden py-2">
        <div className="flex touch-pan-y">
          {shoes.map((shoe, index) => (
            <SaleSlide
              key={shoe._id}
              shoe={shoe}
              position={index + 1}
              count={shoes.length}
              eager={index < EAGER_SLIDES}
            />
          ))}
        </div>
      </div>
    </>
  );
}
