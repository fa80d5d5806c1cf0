import type { TaskKey, WalletEntry } from '@cliffhanger/contract/browser';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { entryTime, signedAmount } from '../wallet-format';
import './wallet-entry-row.css';

const TASKS: readonly string[] = ['watch_video', 'share_app', 'invite_friends'] satisfies TaskKey[];

/**
 * What happened, beyond the kind: "Consumption" alone does not say which drama and episode the
 * coins bought, nor which task or check-in paid. Null when the entry has nothing more to say.
 */
function entryDetail(entry: WalletEntry, t: TFunction): string | null {
  if (entry.subject) {
    const { drama_title: title, episode_number: episode } = entry.subject;
    return episode === null
      ? t('wallet.detail.allEpisodes', { title })
      : t('wallet.detail.episode', { title, episode });
  }
  const ref = entry.ref ?? '';
  const task = /^task:(\w+)$/.exec(ref)?.[1];
  if (task && TASKS.includes(task)) return t(`wallet.detail.task.${task as TaskKey}`);
  const day = /^checkin:day:(\d+)$/.exec(ref)?.[1];
  if (day) return t('wallet.detail.checkinDay', { day: Number(day) });
  switch (entry.kind) {
    case 'recharge':
      return t('wallet.detail.coinPack', { coins: entry.amount });
    case 'invitee_reward':
      return t('wallet.detail.inviteWelcome');
    case 'ad_reward':
      return t('wallet.detail.rewardedAd');
    default:
      return null;
  }
}

/** One ledger entry: its kind and what it was for, when, the signed amount (income / expense colour) and the balance after. */
export function WalletEntryRow({ entry }: { entry: WalletEntry }) {
  const { t, i18n } = useTranslation();
  const detail = entryDetail(entry, t);
  return (
    <div className="wallet-entry" data-testid="wallet-entry" data-kind={entry.kind} data-group={entry.group}>
      <div className="wallet-entry__main">
        <p className="wallet-entry__kind" data-role="wallet-kind">
          {t(`wallet.kinds.${entry.kind}`)}
        </p>
        {detail ? (
          <p className="wallet-entry__detail" data-role="wallet-detail">
            {detail}
          </p>
        ) : null}
        <time className="wallet-entry__time" dateTime={entry.created_at} data-role="wallet-time">
          {entryTime(entry.created_at, i18n.language)}
        </time>
      </div>
      <div className="wallet-entry__side">
        <p className={`wallet-entry__amount wallet-entry__amount--${entry.group}`} data-role="wallet-amount">
          {signedAmount(entry.amount)}
        </p>
        <p className="wallet-entry__after">{t('wallet.balanceAfter', { balance: entry.balance_after })}</p>
      </div>
    </div>
  );
}
