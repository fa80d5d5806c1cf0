import {
  consolePublishDrama,
  consoleScheduleDrama,
  consoleUnpublishDrama,
  SCHEDULE_MAX_DAYS,
  type ConsoleDrama,
} from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';
import { CATALOGUE_REASON_FIELD, releaseText } from './catalogue-text';
import { serverFieldErrors } from './drama-form';
import { useDramaWrite } from './drama-queries';
import { Field } from '../../components/Field';
import { ReasonField } from '../../components/ReasonField';

/** A `datetime-local` value (`2026-12-01T20:00`), read as UTC like every time the console shows. */
function utcInstant(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The drama's release: publish now, unpublish (which also cancels a scheduled release), or schedule one. */
export function ReleasePanel({ drama, now = () => new Date() }: { drama: ConsoleDrama; now?: () => Date }) {
  const [when, setWhen] = useState('');
  const [whenError, setWhenError] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const onDone = (saved: ConsoleDrama) => {
    setReason('');
    setDone(t(`catalogue.release.done.${saved.status}`));
  };
  const publish = useDramaWrite(consolePublishDrama, onDone);
  const unpublish = useDramaWrite(consoleUnpublishDrama, onDone);
  const schedule = useDramaWrite(consoleScheduleDrama, onDone);
  const pending = publish.isPending || unpublish.isPending || schedule.isPending;
  const error = publish.error ?? unpublish.error ?? schedule.error;
  const body = () => (reason.trim() ? { reason: reason.trim() } : {});
  const params = { id: drama.id };
  const reset = () => {
    setDone(null);
    for (const mutation of [publish, unpublish, schedule]) mutation.reset();
  };

  const submitSchedule = (event: FormEvent) => {
    event.preventDefault();
    reset();
    const at = utcInstant(when);
    const problem =
      at === null
        ? t('catalogue.error.scheduleMissing')
        : at.getTime() <= now().getTime()
          ? t('catalogue.error.schedulePast')
          : undefined;
    setWhenError(problem);
    if (at === null || problem !== undefined) return;
    schedule.mutate({ input: { params, body: { published_at: at.toISOString(), ...body() } } });
  };

  return (
    <section className="panel" aria-labelledby="release-title">
      <h2 id="release-title">{t('catalogue.release.title')}</h2>
      <p className={`catalogue__status catalogue__status--${drama.status}`}>{releaseText(drama)}</p>
      <p className="field__hint">{t('catalogue.release.needs')}</p>
      <ReasonField {...CATALOGUE_REASON_FIELD} value={reason} onChange={setReason} />
      <div className="form__actions form__actions--start">
        {drama.status !== 'published' && (
          <button
            type="button"
            className="button button--primary"
            disabled={pending}
            onClick={() => {
              reset();
              publish.mutate({ input: { params, body: body() } });
            }}
          >
            {t('catalogue.release.publish')}
          </button>
        )}
        {drama.status !== 'not_published' && (
          <button
            type="button"
            className="button button--danger"
            disabled={pending}
            onClick={() => {
              reset();
              unpublish.mutate({ input: { params, body: body() } });
            }}
          >
            {drama.status === 'scheduled' ? t('catalogue.release.cancelSchedule') : t('catalogue.release.unpublish')}
          </button>
        )}
      </div>
      <form className="form catalogue__schedule" onSubmit={submitSchedule} noValidate>
        <Field
          label={t('catalogue.release.when')}
          hint={t('catalogue.release.whenHint', { days: SCHEDULE_MAX_DAYS })}
          error={whenError ?? serverFieldErrors(schedule.error)['published_at']}
        >
          {(props) => (
            <input
              {...props}
              className="input"
              type="datetime-local"
              value={when}
              onChange={(event) => setWhen(event.target.value)}
            />
          )}
        </Field>
        <div className="form__actions form__actions--start">
          <button type="submit" className="button" disabled={pending}>
            {t('catalogue.release.schedule')}
          </button>
        </div>
      </form>
      {error && Object.keys(serverFieldErrors(error)).length === 0 && <ErrorNotice error={error} />}
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
    </section>
  );
}
