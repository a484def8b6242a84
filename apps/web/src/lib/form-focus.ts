/**
 * After a submit that failed, the first field in error (in the page's order, not the schema's)
 * is brought into view and focused: a save whose error sits far above the button would otherwise
 * look ignored. Mantine marks an input in error with `aria-invalid`. Without one, the form's own
 * message (an alert above the fields) is brought into view instead.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): boolean {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (field) {
    field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
    return true;
  }
  const message = form?.querySelector<HTMLElement>('[role="alert"]');
  message?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  return Boolean(message);
}
