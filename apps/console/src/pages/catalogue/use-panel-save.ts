import { useState } from 'react';
import type { ConsoleInput } from '../../api/console-api';
import { t, type MessageKey } from '../../i18n/messages';
import { serverFieldErrors, type FieldErrors } from './drama-form';
import { useDramaWrite, type DramaWrite } from './drama-queries';

/** A form's check: the body to send, or what is wrong by field. */
type Checked = { body: object } | { errors: FieldErrors };

/**
 * The save of one panel of the drama page: the reason typed, the errors shown (the form's own over
 * the server's), and the note once saved, which the reason clears with.
 */
export function usePanelSave<E extends DramaWrite>(endpoint: E, saved: MessageKey) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const save = useDramaWrite(endpoint, () => {
    setReason('');
    setDone(t(saved));
  });
  const shown = { ...serverFieldErrors(save.error), ...errors };

  /** Sends the checked body for drama `id` with the reason, or shows why it cannot be sent. */
  const submit = (id: number, checked: Checked) => {
    setDone(null);
    setErrors('errors' in checked ? checked.errors : {});
    if ('errors' in checked) return;
    const why = reason.trim();
    // Every panel's endpoint takes the drama's id and its body with an optional reason; the check
    // made the body from the endpoint's own schema, which the generic E cannot show the compiler.
    const input = { params: { id }, body: { ...checked.body, ...(why ? { reason: why } : {}) } };
    save.mutate({ input: input as unknown as ConsoleInput<E> });
  };

  return { reason, setReason, shown, done, setDone, save, submit };
}
