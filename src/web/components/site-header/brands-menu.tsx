import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { ChevronDown } from 'lucide-react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { useBrands } from '../../api/use-brands';
import { paths } from '../../paths';

/**
 * 'hover': opened by a mouse passing over, closes when it leaves.
 * 'pinned': opened by click, tap or keyboard, stays until dismissed.
 */
type MenuState = 'closed' | 'hover' | 'pinned';

/** A mouse leaving for a moment (crossing the gap to the panel) should not close the menu. */
const HOVER_CLOSE_DELAY_MS = 150;

/** The header's BRANDS menu: a disclosure of links, usable by mouse, touch and keyboard alike. */
export function BrandsMenu() {
  const { data: brands, isPending } = useBrands();
  const [state, setState] = useState<MenuState>('closed');
  const open = state !== 'closed';
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const navigate = useNavigate();
  const location = useLocation();

  /**
   * A brand's link, followed as <Link> would: a plain left click navigates within the app, a click
   * with a modifier key is the browser's (a new tab...). Plain anchors, not one <Link> each: every
   * page's header holds up to a hundred brands, and a <Link> resolves its path on every render, a
   * third of a shoe page's server render at 68 brands (docs/performance.md).
   */
  function follow(event: MouseEvent<HTMLAnchorElement>, to: string) {
    setState('closed');
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.button !== 0 || modified || event.defaultPrevented) return;
    event.preventDefault();
    // The brand already shown replaces its history entry rather than adding the same one again.
    void navigate(to, { replace: `${location.pathname}${location.search}` === to });
  }

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);

  // A click or tap anywhere else dismisses it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setState('closed');
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function links(): HTMLAnchorElement[] {
    return Array.from(panelRef.current?.querySelectorAll('a') ?? []);
  }

  function focusLink(index: number): void {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  }

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    setState((current) => (current === 'closed' ? 'hover' : current));
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    closeTimer.current = window.setTimeout(
      () => setState((current) => (current === 'hover' ? 'closed' : current)),
      HOVER_CLOSE_DELAY_MS,
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setState('closed');
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    const target = current === -1 ? (step === 1 ? 0 : -1) : current + step;
    if (open) {
      focusLink(target);
      return;
    }
    // A closed panel is `hidden` and cannot take focus: open it first (flushSync renders it now).
    flushSync(() => setState('pinned'));
    focusLink(target);
  }

  return (
    <div
      ref={rootRef}
      // On phones the button's padding would push BRANDS off the title's left edge.
      className="relative -ml-3 sm:ml-0"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setState('closed');
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setState((current) => (current === 'pinned' ? 'closed' : 'pinned'))}
        className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-extrabold tracking-widest text-white transition-colors hover:bg-white/10"
      >
        BRANDS
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {/* Padding, not margin, between button and panel: the pointer stays "inside" while crossing. */}
      <div ref={panelRef} id={panelId} hidden={!open} className="absolute top-full left-0 z-50 pt-2">
        <div className="w-[min(20rem,calc(100vw-2rem))] rounded-2xl bg-white p-3 text-ink shadow-2xl ring-1 ring-black/10">
          {isPending ? (
            <p className="px-3 py-2 text-sm font-semibold text-gray-600">{MESSAGES.pages.loading}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-1">
              {brands?.map((brand) => (
                <li key={brand._id}>
                  <a
                    href={paths.collection(brand.name)}
                    onClick={(event) => follow(event, paths.collection(brand.name))}
                    className="block rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors hover:bg-paper hover:text-accent-dark"
                  >
                    {brand.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
