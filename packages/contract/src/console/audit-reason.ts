import { inputString } from '../text.js';

const REASON_MAX = 500;

/** Why an operator made a change, required where the change reorders or reprices what viewers see. */
export const requiredReasonSchema = inputString()
  .trim()
  .min(1, { error: 'give a reason' })
  .max(REASON_MAX, { error: `at most ${REASON_MAX} characters` });
