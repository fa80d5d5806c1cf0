import type { VideoSession } from '../hooks/use-video-session';
import { UnlockDialog } from './unlock-dialog';

/** The unlock dialog wired to a page's session: open while the current episode is locked. */
export function SessionUnlockDialog({ session }: { session: VideoSession }) {
  if (!session.locked) return null;
  return (
    <UnlockDialog
      open={session.unlockOpen}
      offer={session.locked}
      busy={session.unlocking}
      insufficient={session.insufficient}
      onUnlock={session.onUnlock}
      onClose={session.closeUnlock}
    />
  );
}
