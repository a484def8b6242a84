import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './form-focus';

/**
 * What a form does when a submit fails: a toast pointing at the fields, then the first field in
 * error focused in the page's order once the errors are on screen (a field's message may sit far
 * from the button). `start` at each submit, with the form submitted; `failed` when it fails.
 */
export function useSubmitFailure() {
  const formElement = useRef<HTMLFormElement | null>(null);
  // Set by a failed submit; the effect after each render focuses once the errors are on screen
  // (a schema's errors may render after the failure is reported, the server's with it).
  const focusPending = useRef(false);
  const [, setFailures] = useState(0);
  useEffect(() => {
    if (focusPending.current && focusFirstInvalid(formElement.current)) {
      focusPending.current = false;
    }
  });
  return {
    start(form: HTMLFormElement | null | undefined) {
      if (form) formElement.current = form;
      focusPending.current = false;
    },
    failed(message: string | null) {
      // The toast only points at the fields: clicks go through it (at the bottom of a phone it
      // sits on the submit button) and, unhovered, it never pauses its own closing.
      if (message) {
        notifications.show({
          color: 'red',
          message,
          withCloseButton: false,
          style: { pointerEvents: 'none' },
        });
      }
      focusPending.current = true;
      setFailures((count) => count + 1);
    },
  };
}
