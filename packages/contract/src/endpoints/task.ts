import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** Spec §7 ★: sent silently at app launch; the client ignores the answer and every error. */
export const postTaskCheckin = defineEndpoint({
  method: 'POST',
  path: '/task/checkin',
  auth: 'required',
  summary: 'Daily check-in (silent, at app launch)',
  data: z.unknown(),
});
