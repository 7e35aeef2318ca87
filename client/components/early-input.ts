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
 * A form rendered in the browser (after a navigation) has nothing to replay.
 */
export function useKeepEarlyInput(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (container.current) replayEarlyInput(container.current);
  }, [container]);
}

/** The native value setter: it changes the field without updating React's record of its value. */
const nativeValue = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;

/** Tells React about each field in `root` changed before hydration. */
export function replayEarlyInput(root: ParentNode): void {
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
