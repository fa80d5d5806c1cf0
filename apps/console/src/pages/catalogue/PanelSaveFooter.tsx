import { ErrorNotice } from '../../components/ErrorNotice';
import { ReasonField } from '../../components/ReasonField';
import { t } from '../../i18n/messages';
import { serverFieldErrors } from './drama-form';
import { CATALOGUE_REASON_FIELD } from './catalogue-text';

interface PanelSaveFooterProps {
  reason: string;
  setReason: (reason: string) => void;
  save: { error: unknown; isPending: boolean };
  done: string | null;
}

/** The end of a drama page panel's form: the reason, a refusal not tied to a field, the saved note, and save. */
export function PanelSaveFooter({ reason, setReason, save, done }: PanelSaveFooterProps) {
  return (
    <>
      <ReasonField {...CATALOGUE_REASON_FIELD} value={reason} onChange={setReason} />
      {save.error && Object.keys(serverFieldErrors(save.error)).length === 0 && <ErrorNotice error={save.error} />}
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('catalogue.form.saving') : t('catalogue.form.save')}
        </button>
      </div>
    </>
  );
}
