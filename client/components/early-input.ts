import { type RefObject, useEffect } from "react";

/**
 * Keeps what a student typed, chose or had autofilled in a server-rendered form before the page
 * hydrated (the first seconds on a slow phone or a busy network).
 *
 * React hydrates a field without touching what the browser shows, but a controlled field's state
 * still holds the server's value, and the field's next render (the next key pressed anywhere in
 * the form) writes that value back: the text typed into the first field disappears. When the
 * form has hydrated, every field in it whose value differs from the one the server rendered gets
 * the event React missed, so its onChange takes the value as if it had been typed now.
 * Uncontrolled fields (a plain form read on submit) already keep theirs; the event is harmless.
 *
 * Call it in the component that holds the form, not at the root: each page is a lazily loaded
 * chunk that hydrates after the root, and an effect runs once its own part of the page has.
 * A form rendered in the browser (after a navigation) has nothing to replay. A submit made
 * before the page hydrated is held and sent now (`holdEarlySubmits`); the holder's element
 * carries `earlyInputHolder` so it is known before any of its code runs.
 */
export function useKeepEarlyInput(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const holder = container.current;
    if (!holder) return;
    replayEarlyInput(holder);
    holder.dispatchEvent(new Event(HYDRATED_EVENT, { bubbles: true }));
  }, [container]);
}

/**
 * Marks the element a holder renders around its form (the same element `useKeepEarlyInput` is
 * given): submits inside it wait for the page to hydrate (`holdEarlySubmits`).
 */
export const earlyInputHolder = { "data-early-input": "" } as const;
const HOLDER = "[data-early-input]";
const HYDRATED_EVENT = "clubnica:early-input-hydrated";

/**
 * Holds a submit made between the app's start and its page's hydration, and sends it once the
 * page is ready. Until then the form has only its HTML behaviour: a native POST to /login would
 * show the student the API's raw JSON (the page and the call share the path) and lose the login.
 * Installed by the entry script before it hydrates, so it is in place as soon as any script
 * runs. The holder announces its hydration with a DOM event, not a shared module variable: the
 * entry and the page are separate bundles.
 */
export function holdEarlySubmits(doc: Document): void {
  const ready = new WeakSet<Element>();
  const waiting = new WeakMap<Element, { form: HTMLFormElement; submitter: HTMLElement | null }>();
  doc.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const holder = form.closest(HOLDER);
      if (!holder || ready.has(holder)) return;
      event.preventDefault();
      // The last tap wins, as it would once the page runs.
      waiting.set(holder, { form, submitter: (event as SubmitEvent).submitter });
    },
    { capture: true },
  );
  doc.addEventListener(HYDRATED_EVENT, (event) => {
    const holder = event.target;
    if (!(holder instanceof Element)) return;
    ready.add(holder);
    const held = waiting.get(holder);
    if (!held) return;
    waiting.delete(holder);
    // A task later, so the fields' replayed values are in the form's state when it submits.
    setTimeout(() => {
      if (!held.form.isConnected) return;
      const submitter = held.submitter?.isConnected && held.submitter.closest("form") === held.form;
      held.form.requestSubmit(submitter ? held.submitter : undefined);
    }, 0);
  });
}

/** The native value setter: it changes the field without updating React's record of its value. */
const nativeValue = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;

/** Tells React about each field in `root` changed before hydration. */
function replayEarlyInput(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    "input, textarea, select",
  )) {
    if (field.disabled) continue;
    if (field instanceof HTMLSelectElement) {
      // React reads a select's change from its change event alone.
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) {
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      // The radio chosen (not the one it replaced) or the box toggled: put back what the server
      // rendered, then click it as the student did, which React hears.
      if (field.checked === field.defaultChecked || (field.type === "radio" && !field.checked)) continue;
      field.checked = field.defaultChecked;
      field.click();
    } else if (field.type !== "file" && field.type !== "hidden" && field.value !== field.defaultValue) {
      const typed = field.value;
      // Null where the field has no selection (email, number); setting the value moves the caret.
      const { selectionStart, selectionEnd } = field;
      const focused = field.ownerDocument.activeElement === field;
      // Through React's own setter first, so it records the server's value; then the typed
      // text back past it, and the input event: React sees a change and calls onChange.
      field.value = field.defaultValue;
      nativeValue(field)?.call(field, typed);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      if (focused && selectionStart !== null) field.setSelectionRange(selectionStart, selectionEnd);
    }
  }
}
