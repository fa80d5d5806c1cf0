import { consoleCreateDrama } from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ReasonField } from '../../components/ReasonField';
import { t } from '../../i18n/messages';
import {
  checkDramaText,
  checkPricing,
  emptyDramaTextForm,
  serverFieldErrors,
  type DramaTextForm,
  type FieldErrors,
  type PricingForm,
} from './drama-form';
import { useDramaWrite } from './drama-queries';
import { LocalisedFields } from './LocalisedFields';
import { PricingFields } from './PricingFields';
import { CATALOGUE_REASON_FIELD } from './catalogue-text';
import { GenresField } from './GenresField';
import { TagsField } from './TagsField';

/** The manifest's default: the first five episodes free. */
const NEW_PRICING: PricingForm = { free_episodes: '5', episode_price: '', all_price: '' };

/** A new drama: titles and synopses in three languages, tags and prices; it starts unpublished. */
export default function CreateDramaPage() {
  const navigate = useNavigate();
  const [text, setText] = useState<DramaTextForm>(emptyDramaTextForm);
  const [pricing, setPricing] = useState<PricingForm>(NEW_PRICING);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useDramaWrite(consoleCreateDrama, (drama) => void navigate(`/catalogue/${drama.id}`));
  const shown = { ...serverFieldErrors(create.error), ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedText = checkDramaText(text);
    const checkedPricing = checkPricing(pricing);
    const found = {
      ...('errors' in checkedText ? checkedText.errors : {}),
      ...('errors' in checkedPricing ? checkedPricing.errors : {}),
    };
    setErrors(found);
    if ('errors' in checkedText || 'errors' in checkedPricing) return;
    create.mutate({
      input: {
        body: { ...checkedText.body, ...checkedPricing.body, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      },
    });
  };

  return (
    <div className="page--narrow">
      <p>
        <Link to="/catalogue">{t('catalogue.create.back')}</Link>
      </p>
      <h1>{t('catalogue.create.title')}</h1>
      <p>{t('catalogue.create.intro')}</p>
      <form className="form panel" onSubmit={submit} noValidate>
        <LocalisedFields
          form={text}
          errors={shown}
          onChange={(field, lang, value) =>
            setText((form) => ({ ...form, [field]: { ...form[field], [lang]: value } }))
          }
        />
        <TagsField value={text.tags} error={shown.tags} onChange={(tags) => setText((form) => ({ ...form, tags }))} />
        <GenresField
          value={text.genres}
          error={shown.genres}
          onChange={(genres) => setText((form) => ({ ...form, genres }))}
        />
        <PricingFields
          form={pricing}
          errors={shown}
          onChange={(field, value) => setPricing((form) => ({ ...form, [field]: value }))}
        />
        <ReasonField {...CATALOGUE_REASON_FIELD} value={reason} onChange={setReason} />
        {create.error && Object.keys(serverFieldErrors(create.error)).length === 0 && (
          <ErrorNotice error={create.error} />
        )}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? t('catalogue.form.saving') : t('catalogue.create.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
