import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { InviteIcon, PlayIcon, ShareIcon, type IconProps } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import { useProductName } from '../../../lib/app-config/get-app-config';
import { PATHS } from '../../../lib/paths';
import { useRequireLogin } from '../../../lib/require-login';
import { showToast } from '../../../lib/toast';
import type { ComponentType } from 'react';
import './task-list.css';

type TaskKey = 'watchVideo' | 'shareApp' | 'inviteFriend';

interface Task {
  key: TaskKey;
  points: number;
  Icon: ComponentType<IconProps>;
}

/**
 * Spec §2: tasks watch video, share app and invite friends, each with a claim button. A task
 * becomes claimable once done (DESIGN §9); progress arrives with GET /task, so until then the
 * claim waits for completion.
 */
export function TaskList({
  watchVideo,
  shareApp,
  inviteFriend,
}: {
  watchVideo: number;
  shareApp: number;
  inviteFriend: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const productName = useProductName();
  const tasks: Task[] = [
    { key: 'watchVideo', points: watchVideo, Icon: PlayIcon },
    { key: 'shareApp', points: shareApp, Icon: ShareIcon },
    { key: 'inviteFriend', points: inviteFriend, Icon: InviteIcon },
  ];

  const share = async () => {
    const data = {
      title: productName,
      text: t('rewards.shareText', { app: productName }),
      url: window.location.origin,
    };
    try {
      if (navigator.share) await navigator.share(data);
      else await navigator.clipboard.writeText(data.url);
      showToast(t('rewards.shared'));
    } catch (error) {
      // The viewer closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) showToast(t('errors.shareFailed'));
    }
  };

  const go = (key: TaskKey) => {
    if (!requireLogin()) return;
    if (key === 'watchVideo') void navigate(PATHS.home);
    else if (key === 'inviteFriend') void navigate(PATHS.invite);
    else void share();
  };

  const claim = () => {
    if (!requireLogin()) return;
    showToast(t('rewards.notCompleted'));
  };

  return (
    <Section title={t('rewards.tasksTitle')} testId="reward-tasks">
      <ul className="tasks">
        {tasks.map(({ key, points, Icon }) => (
          <li key={key} className="task" data-testid={`task-${key}`}>
            <span className="task__icon">
              <Icon size={22} />
            </span>
            <span className="task__text">{t(`rewards.${key}`, { points })}</span>
            <span className="task__actions">
              <Button variant="secondary" small onClick={() => go(key)} data-testid={`task-${key}-go`}>
                {t('rewards.go')}
              </Button>
              <Button small onClick={claim} data-testid={`task-${key}-claim`}>
                {t('rewards.claim')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
