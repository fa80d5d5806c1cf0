/**
 * The check-in, tasks, invites and ads live in rewards.ts; `postTaskCheckin` keeps its
 * spec §7 ★ path there. `POST /task/share` is in social.ts.
 */
export { postTaskCheckin } from './rewards.js';
