import type { Task, TaskKey } from '@cliffhanger/contract/browser';
import type { ComponentType } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CoinIcon, InviteIcon, PlayIcon, ShareIcon, type IconProps } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import { PATHS } from '../../../lib/paths';
import { useRequireLogin } from '../../../lib/require-login';
import { useClaim } from '../hooks/use-claim';
import { useShareApp } from '../hooks/use-share-app';
import './task-list.css';

const TASK_VIEW = {
  watch_video: { label: 'rewards.watchVideo', go: 'rewards.go', progress: 'rewards.progressVideos', Icon: PlayIcon },
  share_app: { label: 'rewards.shareApp', go: 'rewards.share', progress: 'rewards.progressShares', Icon: ShareIcon },
  invite_friends: { label: 'rewards.inviteFriend', go: 'rewards.invite', progress: 'rewards.progressFriends', Icon: InviteIcon },
} as const satisfies Record<TaskKey, { label: string; go: string; progress: string; Icon: ComponentType<IconProps> }>;

/**
 * Watch video, share app and invite friends (docs/rewards.md#tasks-get-task-post-taskkeyclaim), each with its
 * progress, a way to do it and a claim button. A task is claimable once the server counted it done; claiming
 * pays once. The claim button only looks and acts pressable when there is something to claim (a button that
 * answers "Complete the task first" is a button that lies), and a claimable task stands out. Visitors see the
 * same list and are asked to log in when they go (docs/product.md#roles).
 */
export function TaskList({ tasks }: { tasks: readonly Task[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const shareApp = useShareApp();
  const { claim, pendingKey } = useClaim();

  const go = (key: TaskKey) => {
    if (!requireLogin()) return;
    if (key === 'watch_video') void navigate(PATHS.home);
    else if (key === 'invite_friends') void navigate(PATHS.invite);
    else void shareApp();
  };

  const onClaim = (task: Task) => {
    if (!requireLogin()) return;
    if (task.state === 'claimable') claim(task.key);
  };

  return (
    <Section title={t('rewards.tasksTitle')} testId="reward-tasks">
      <ul className="tasks">
        {tasks.map((task) => {
          const { label, go: goLabel, progress, Icon } = TASK_VIEW[task.key];
          const percent = Math.min(100, Math.round((task.progress / task.target) * 100));
          return (
            <li
              key={task.key}
              className={`task task--${task.state}`}
              data-testid={`task-${task.key}`}
              data-state={task.state}
            >
              <span className="task__icon">
                <Icon size={22} />
              </span>
              <span className="task__text">
                {/* The task and what it pays are two things to read, not one sentence. */}
                <span className="task__head">
                  <span className="task__title" data-testid={`task-${task.key}-title`}>
                    {t(`rewards.taskTitle.${task.key}`)}
                  </span>
                  <span className="task__reward" data-testid={`task-${task.key}-reward`}>
                    <CoinIcon size={13} />
                    {t(`rewards.taskReward.${task.key}`, { coins: task.reward })}
                  </span>
                </span>
                <span className="task__progress" data-testid={`task-${task.key}-progress`}>
                  {t(progress, { progress: task.progress, target: task.target })}
                </span>
                <span
                  className="task__meter"
                  role="progressbar"
                  aria-label={t(label, { points: task.reward })}
                  aria-valuemin={0}
                  aria-valuemax={task.target}
                  aria-valuenow={task.progress}
                >
                  <span className="task__meter-fill" style={{ width: `${percent}%` }} />
                </span>
              </span>
              <span className="task__actions">
                <Button variant="secondary" small onClick={() => go(task.key)} data-testid={`task-${task.key}-go`}>
                  {t(goLabel)}
                </Button>
                <Button
                  small
                  variant={task.state === 'claimable' ? 'primary' : 'ghost'}
                  onClick={() => onClaim(task)}
                  disabled={task.state !== 'claimable' || pendingKey === task.key}
                  data-testid={`task-${task.key}-claim`}
                >
                  {task.state === 'claimed'
                    ? t('rewards.claimedLabel')
                    : task.state === 'claimable'
                      ? t('rewards.claimCoins', { coins: task.claimable_coins })
                      : t('rewards.claim')}
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
