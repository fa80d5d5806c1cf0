import type { EnrolmentLink } from '@cliffhanger/contract/console';
import { useId } from 'react';
import { CopyText } from '../../components/CopyText';
import { Dialog } from '../../components/Dialog';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';

/** A new enrolment link, shown this once (the server keeps only its hash), with a copy button. */
export function EnrolmentLinkDialog({ link, onClose }: { link: EnrolmentLink; onClose: () => void }) {
  const fieldId = useId();
  const { email } = link.operator;
  return (
    <Dialog title={t('operators.link.title', { email })} onClose={onClose}>
      <div className="form">
        <p>{t('operators.link.body', { email, until: utcTime(link.expires_at) })}</p>
        <div className="field">
          <label className="field__label" htmlFor={fieldId}>
            {t('operators.link.label')}
          </label>
          <input
            id={fieldId}
            className="input secret"
            readOnly
            value={link.enrolment_link}
            onFocus={(event) => event.target.select()}
          />
        </div>
        <div className="form__actions form__actions--start">
          <CopyText
            text={link.enrolment_link}
            label={t('operators.link.copy')}
            copied={t('operators.link.copied')}
            failed={t('operators.link.copyFailed')}
          />
        </div>
        <div className="form__actions">
          <button type="button" className="button button--primary" autoFocus onClick={onClose}>
            {t('operators.link.done')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
