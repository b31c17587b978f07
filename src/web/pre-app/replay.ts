import { flushSync } from 'react-dom';
import type { PreAppAction, PreAppField, PreAppRecord } from './protocol';

/**
 * Sets a field's value as if the shopper had just typed or chosen it. React remembers the last
 * value it saw on the element (its value tracker, behind the element's own `value` property) and
 * ignores an input event whose value matches it; writing another value through that property and
 * the real one through the prototype's setter makes the event read as the change it is.
 */
function editAsShopper({ element, value, checked }: PreAppField): void {
  if (checked !== undefined && element instanceof HTMLInputElement) {
    element.checked = !checked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')!.set!.call(element, checked);
    // React learns of checkbox and radio changes from the click event.
    element.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  const prototype = Object.getPrototypeOf(element) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  element.value = value === '' ? ' ' : '';
  setValue.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

function perform(action: PreAppAction): void {
  if (action.kind === 'click') {
    if (action.target.isConnected && !action.target.disabled) action.target.click();
    return;
  }
  const { form, submitter } = action;
  if (!form.isConnected) return;
  const button = submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined;
  form.requestSubmit(button);
}

/**
 * Stops the pre-app capture (capture.ts) and hands over what it kept: called as the app takes the
 * page over, so from then on React alone answers the shopper.
 */
export function takePreAppInput(): PreAppRecord | undefined {
  return window.__shopPreApp?.takeOver();
}

/**
 * The fields edited before the app ran get their values back through the app (so a size chosen
 * early is the size BUY ME! adds), then the submits and presses kept meanwhile happen, in order.
 * Each step is rendered before the next (flushSync), so a press sees the state the edits before it
 * made, as it would have live. Elements the app has since replaced are skipped. Call it outside
 * React's own rendering and effects (a task of its own).
 */
export function replayPreAppInput(record: PreAppRecord): void {
  for (const field of record.fields) {
    if (field.element.isConnected) flushSync(() => editAsShopper(field));
  }
  for (const action of record.actions) flushSync(() => perform(action));
}
