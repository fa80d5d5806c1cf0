import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * The app's forms check their fields when they are submitted, and only then: a message stays
 * until the next submit, and focus stays on the button that was pressed.
 */
export const CHECK_ON_SUBMIT = { mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false } as const;

/**
 * Keeps only the first field error `resolver` finds, in the schema's order: a form built on it
 * points at one problem at a time, the one its toast names.
 */
export function firstErrorOnly<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const [first] = Object.entries(result.errors);
    return first ? { values: {}, errors: Object.fromEntries([first]) as FieldErrors<TValues> } : result;
  };
}
