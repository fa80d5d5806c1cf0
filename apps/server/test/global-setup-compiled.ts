import { ensureServerBuild } from '@cliffhanger/test-kit/test-builds';

/**
 * Compiles the server once before the PostgreSQL suite, whose multi-process tests run the
 * compiled build as production does. Once, because test files run in parallel and a build
 * rewrites apps/server/dist.
 */
export default function setup(): void {
  ensureServerBuild();
}
