/**
 * Runs before the app (its own small chunk, which the server writes into the page's head:
 * src/server/web/inline-capture.ts), from the moment the head is parsed: between the first paint of a server-rendered page and the moment the app takes it over, it keeps
 * what the shopper does instead of letting it be lost or, worse, submitted natively.
 *
 * - A form submitted meanwhile is not sent by the browser (no field ever travels in a URL or
 *   leaves the page): the submit is kept and the app submits the form once it runs.
 * - A button pressed meanwhile (BUY ME!, the heart, the carousel's arrows...) is kept and pressed
 *   again by the app.
 * - What is typed or chosen in a field is kept with its value, and the app replays it as an edit,
 *   so React's state and the form library see the value the shopper sees.
 *
 * A kept control shows a busy state (`data-pre-app-busy`, `aria-busy`) until the app replays it.
 * Links are left alone: they work without the app. Nothing here may import a module: this file
 * must stay one small chunk of its own, and replay.ts talks to it only through `window`.
 */
import type { PreApp, PreAppAction, PreAppField } from './protocol';

const BUSY = 'data-pre-app-busy';

function capture(): void {
  if (window.__shopPreApp) return;
  const actions: PreAppAction[] = [];
  const fields = new Map<PreAppField['element'], PreAppField>();
  let active = true;

  // Looked up at each event: in the head, this runs before the page's body exists.
  const within = (target: EventTarget | null): target is Element =>
    target instanceof Element && document.getElementById('root')?.contains(target) === true;

  function markBusy(element: Element): void {
    element.setAttribute(BUSY, '');
    element.setAttribute('aria-busy', 'true');
  }

  function onSubmit(event: Event): void {
    if (!active || !within(event.target) || !(event.target instanceof HTMLFormElement)) return;
    const form = event.target;
    const submitter = (event as SubmitEvent).submitter;
    // Ours alone until the app runs: React, which may be attaching meanwhile, must not replay it too.
    event.preventDefault();
    event.stopImmediatePropagation();
    // Pressing twice while waiting is one submission.
    if (!actions.some((action) => action.kind === 'submit' && action.form === form)) {
      actions.push({ kind: 'submit', form, submitter });
    }
    markBusy(submitter ?? form);
  }

  function onClick(event: Event): void {
    if (!active || !within(event.target)) return;
    const button = event.target.closest('button');
    if (!button || button.disabled) return;
    // A submit button's click goes on to submit its form: onSubmit keeps that.
    if (button.type === 'submit' && button.form) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    actions.push({ kind: 'click', target: button });
    markBusy(button);
  }

  function onEdit(event: Event): void {
    if (!active || !within(event.target)) return;
    const element = event.target;
    if (
      !(element instanceof HTMLInputElement) &&
      !(element instanceof HTMLSelectElement) &&
      !(element instanceof HTMLTextAreaElement)
    ) {
      return;
    }
    event.stopImmediatePropagation();
    const checkable = element instanceof HTMLInputElement && /^(checkbox|radio)$/.test(element.type);
    fields.set(element, {
      element,
      value: element.value,
      checked: checkable ? (element as HTMLInputElement).checked : undefined,
    });
  }

  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);

  const preApp: PreApp = {
    takeOver() {
      active = false;
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('input', onEdit, true);
      document.removeEventListener('change', onEdit, true);
      for (const element of document.querySelectorAll(`[${BUSY}]`)) {
        element.removeAttribute(BUSY);
        element.removeAttribute('aria-busy');
      }
      // Handed over once: a second call (React's development double effects) gets nothing to repeat.
      const kept = { fields: [...fields.values()], actions: actions.splice(0) };
      fields.clear();
      return kept;
    },
  };
  window.__shopPreApp = preApp;
}

capture();
