import type { ViewerDetail } from '@cliffhanger/contract/console';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';

/** Who the viewer is, whether the account is blocked or deleted, and how they sign in. */
export function ViewerAccount({
  viewer,
  onBlock,
  onUnblock,
}: {
  viewer: ViewerDetail;
  onBlock: () => void;
  onUnblock: () => void;
}) {
  const { profile, sign_in: signIn } = viewer;
  const none = t('viewers.none');
  return (
    <>
      <section className="panel" aria-labelledby="viewer-profile">
        <h2 id="viewer-profile">{t('viewer.profile')}</h2>
        <dl>
          <dt>{t('viewer.nickname')}</dt>
          <dd>{profile.nickname || t('viewers.noNickname')}</dd>
          <dt>{t('viewer.username')}</dt>
          <dd>{profile.username ?? none}</dd>
          <dt>{t('viewer.inviteCode')}</dt>
          <dd>
            <code>{profile.invite_code}</code>
          </dd>
          <dt>{t('viewer.created')}</dt>
          <dd>{utcTime(profile.created_at)}</dd>
          <dt>{t('viewer.deleted')}</dt>
          <dd>{profile.deleted_at ? utcTime(profile.deleted_at) : none}</dd>
          <dt>{t('viewer.blocked')}</dt>
          <dd>
            {profile.blocked_at
              ? t('viewer.blockedSince', { at: utcTime(profile.blocked_at), reason: profile.block_reason ?? '' })
              : t('viewer.notBlocked')}
          </dd>
          {profile.payment_flagged_at && (
            <>
              <dt>{t('viewer.paymentFlagged')}</dt>
              <dd>{utcTime(profile.payment_flagged_at)}</dd>
            </>
          )}
        </dl>
        <div className="toolbar">
          {profile.blocked_at ? (
            <button type="button" className="button" onClick={onUnblock}>
              {t('viewer.unblock')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--danger"
              disabled={profile.deleted_at !== null}
              onClick={onBlock}
            >
              {t('viewer.block')}
            </button>
          )}
        </div>
      </section>
      <section className="panel" aria-labelledby="viewer-sign-in">
        <h2 id="viewer-sign-in">{t('viewer.signIn')}</h2>
        <dl>
          <dt>{t('viewer.phone')}</dt>
          <dd>{signIn.phone ?? none}</dd>
          <dt>{t('viewer.password')}</dt>
          <dd>{signIn.password_set ? t('viewer.passwordSet') : t('viewer.passwordUnset')}</dd>
          <dt>{t('viewer.identities')}</dt>
          <dd>
            {signIn.identities.length === 0
              ? none
              : signIn.identities
                  .map((i) => t('viewer.identity', { provider: i.provider, at: utcTime(i.created_at) }))
                  .join('; ')}
          </dd>
        </dl>
      </section>
    </>
  );
}
