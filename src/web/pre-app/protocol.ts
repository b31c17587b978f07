/** What capture.ts (before the app) hands to replay.ts (the app), through `window.__shopPreApp`. */

type EditableField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A field the shopper edited before the app ran, with the value they left in it. */
export interface PreAppField {
  element: EditableField;
  value: string;
  /** For checkboxes and radio buttons. */
  checked: boolean | undefined;
}

/** A submit or a button press kept for the app, in the order they happened. */
export type PreAppAction =
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: 'click'; target: HTMLButtonElement };

export interface PreAppRecord {
  fields: PreAppField[];
  actions: PreAppAction[];
}

export interface PreApp {
  /** Stops keeping events, clears the busy marks and hands over what was kept. */
  takeOver(): PreAppRecord;
}

declare global {
  interface Window {
    __shopPreApp?: PreApp;
  }
}
