/**
 * The check-in, tasks, shares, invites and ads live in rewards.ts; `postTaskCheckin` and
 * `postTaskShare` keep their spec §7 ★ paths there.
 */
export { postTaskCheckin, postTaskShare } from './rewards.js';
