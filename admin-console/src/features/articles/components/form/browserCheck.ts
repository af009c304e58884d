import type { FormEvent } from 'react';
import { articleInputSchema } from 'shared-articles/schema';

/** The form's fields the browser checks: the required ones and those of url type. */
export type BrowserCheckedField = 'title' | 'category' | 'date' | 'content' | 'image' | 'url' | 'noteUrl';

type Control = HTMLInputElement | HTMLTextAreaElement;

/**
 * The browser checks the required fields before the form is sent (spec section 5: title, category,
 * date and content are required, "browser-level"), and the URL fields' type. Its own wording follows
 * the browser's language, so its bubble is given the shared schema's Japanese message for the same
 * value (the one the service would answer). What the browser cannot check (a title of spaces, a
 * slug, an ftp: link, the lengths) the schema reports beside the field when the form is sent.
 */
export function browserCheck(field: BrowserCheckedField) {
  return {
    onInvalid: (event: FormEvent<Control>) => {
      const control = event.currentTarget;
      const result = articleInputSchema.shape[field].safeParse(control.value);
      // A value the schema accepts but the browser does not keeps the browser's own message.
      control.setCustomValidity(result.success ? '' : (result.error.issues[0]?.message ?? ''));
    },
    // A custom message keeps the control invalid until it is cleared: clear it once the value changes.
    onInput: (event: FormEvent<Control>) => event.currentTarget.setCustomValidity(''),
  };
}
