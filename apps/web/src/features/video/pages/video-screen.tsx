import { useViewport } from '../../../lib/viewport';
import { SessionUnlockDialog } from '../components/session-unlock-dialog';
import { useVideoSession } from '../hooks/use-video-session';
import { DesktopVideoLayout } from './desktop-video-layout';
import { PhoneVideoLayout } from './phone-video-layout';
import './video-page.css';

/**
 * The video page of both routes (docs/product.md#other-routes). The window, not the path, picks the
 * layout: links are made for the width they were made at, and a phone's shared link opened on a
 * desktop (or a desktop link on a phone, a window resized across the breakpoint) would otherwise
 * show a layout made for another screen. The mobile flag is the breakpoint, as for links.
 */
export function VideoPage() {
  const session = useVideoSession();
  const { isMobile } = useViewport();
  return (
    <>
      {isMobile ? <PhoneVideoLayout session={session} /> : <DesktopVideoLayout session={session} />}
      <SessionUnlockDialog session={session} />
    </>
  );
}
