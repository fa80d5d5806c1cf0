import { useQueryClient } from '@tanstack/react-query';
import {
  consoleCreateProduct,
  consoleListProducts,
  consoleUpdateProduct,
  type ConsoleProduct,
} from '@cliffhanger/contract/console';
import { Code } from '@cliffhanger/contract/browser';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ConsoleApiError } from '../../api/console-api';
import { consoleKey, useConsoleMutation } from '../../api/console-query';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field, type FieldControlProps } from '../../components/Field';
import { useFreshTotp } from '../../components/fresh-totp';
import { t } from '../../i18n/messages';
import {
  checkForm,
  emptyForm,
  formFieldOf,
  formOf,
  type FormErrors,
  type ProductField,
  type ProductForm,
} from './product-form';

const PERIODS = ['week', 'month', 'quarter', 'year'] as const;

/** What the server said about each field it refused, by form field. */
function serverFieldErrors(error: unknown): Partial<Record<ProductField, string>> {
  if (!(error instanceof ConsoleApiError) || error.code !== Code.INVALID_INPUT) return {};
  const fields = (error.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  const byField: Partial<Record<ProductField, string>> = {};
  for (const { field, message } of fields) {
    const name = formFieldOf(field);
    if (name) byField[name] = message;
  }
  return byField;
}

interface ProductFormDialogProps {
  /** The product edited, or null for a new one. */
  product: ConsoleProduct | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}

/** Adds or edits a plan or pack; the save asks for a fresh authenticator code first. */
export function ProductFormDialog({ product, onClose, onSaved }: ProductFormDialogProps) {
  const askTotp = useFreshTotp();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ProductForm>(() => (product ? formOf(product) : emptyForm()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  const options = {
    onSuccess: (saved: ConsoleProduct) => {
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleListProducts) });
      onSaved(saved.id);
    },
  };
  const create = useConsoleMutation(consoleCreateProduct, options);
  const update = useConsoleMutation(consoleUpdateProduct, options);
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const fromServer = serverFieldErrors(failure);

  const set = <K extends keyof ProductForm>(field: K, value: ProductForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setUnchanged(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(form, product);
    setErrors(checked.errors);
    if (Object.values(checked.errors).some((error) => error !== undefined)) return;
    if (product && Object.keys(checked.changes).length === 0) {
      setUnchanged(true);
      return;
    }
    const totp = await askTotp();
    if (totp === null) return;
    const reason = form.reason.trim();
    if (product) {
      update.mutate({
        input: { params: { id: product.id }, body: { changes: checked.changes, reason } },
        options: { totp },
      });
    } else {
      create.mutate({ input: { body: { id: form.id.trim(), changes: checked.changes, reason } }, options: { totp } });
    }
  };

  /** One labelled control with its hint and its error (the form's own, else the server's). */
  const field = (
    name: ProductField,
    label: string,
    control: (props: FieldControlProps) => ReactNode,
    hint?: string,
  ) => (
    <Field label={label} hint={hint} error={errors[name] ? t(errors[name]) : fromServer[name]}>
      {control}
    </Field>
  );

  const text = (name: Exclude<ProductField, 'kind' | 'period'>, label: string, hint?: string, autoFocus = false) =>
    field(
      name,
      label,
      (props) => (
        <input
          {...props}
          className="input"
          autoFocus={autoFocus}
          inputMode={
            name === 'price'
              ? 'decimal'
              : name === 'coins' || name === 'bonusCoins' || name === 'sort'
                ? 'numeric'
                : undefined
          }
          value={form[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      ),
      hint,
    );

  return (
    <Dialog
      title={product ? t('products.form.editTitle', { id: product.id }) : t('products.form.createTitle')}
      onClose={onClose}
    >
      <form className="form product-form" onSubmit={(event) => void submit(event)} noValidate>
        {product === null && text('id', t('products.form.id'), t('products.form.idHint'), true)}
        {product === null &&
          field('kind', t('products.form.kind'), (props) => (
            <select
              {...props}
              className="input"
              value={form.kind}
              onChange={(event) => set('kind', event.target.value === 'vip' ? 'vip' : 'coins')}
            >
              <option value="coins">{t('products.form.kind.coins')}</option>
              <option value="vip">{t('products.form.kind.vip')}</option>
            </select>
          ))}
        {form.kind === 'vip' ? (
          field('period', t('products.form.period'), (props) => (
            <select
              {...props}
              className="input"
              value={form.period}
              onChange={(event) => set('period', PERIODS.find((p) => p === event.target.value) ?? 'month')}
            >
              {PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(`products.period.${period}`)}
                </option>
              ))}
            </select>
          ))
        ) : (
          <>
            {text('coins', t('products.form.coins'))}
            {text('bonusCoins', t('products.form.bonus'))}
          </>
        )}
        {text('price', t('products.form.price'), t('products.form.priceHint'), product !== null)}
        {text('appleProductId', t('products.form.apple'), t('products.form.appleHint'))}
        {text('stripePriceId', t('products.form.stripe'), t('products.form.stripeHint'))}
        {text('sort', t('products.form.sort'), t('products.form.sortHint'))}
        <label className="field field--check">
          <input type="checkbox" checked={form.active} onChange={(event) => set('active', event.target.checked)} />
          <span>{t('products.form.active')}</span>
        </label>
        {text('reason', t('products.form.reason'), t('products.form.reasonHint'))}
        {failure &&
          !(
            failure instanceof ConsoleApiError &&
            failure.code === Code.INVALID_INPUT &&
            Object.keys(fromServer).length > 0
          ) && <ErrorNotice error={failure} />}
        {unchanged && (
          <p className="notice" role="status">
            {t('products.form.nothingChanged')}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('products.form.saving') : t('products.form.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
