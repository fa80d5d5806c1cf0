import { consoleSetDramaPricing, type ConsoleDrama } from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { t } from '../../i18n/messages';
import { checkPricing, pricingFormOf, type PricingForm } from './drama-form';
import { PanelSaveFooter } from './PanelSaveFooter';
import { PricingFields } from './PricingFields';
import { usePanelSave } from './use-panel-save';

interface Pricing {
  free_episodes: number;
  episode_price: number;
  all_price: number;
}

/** What viewers would pay for `count` episodes under `pricing`, line by line. */
function pricingLines(pricing: Pricing, count: number): string[] {
  if (count === 0) return [t('catalogue.pricing.previewNone')];
  const lines: string[] = [];
  const free = Math.min(pricing.free_episodes, count);
  const range = (from: number, to: number, one: 'Free' | 'Paid', price?: number) =>
    from === to
      ? t(`catalogue.pricing.previewOne${one}`, { from, price: price ?? 0 })
      : t(`catalogue.pricing.preview${one}`, { from, to, price: price ?? 0 });
  if (free > 0) lines.push(range(1, free, 'Free'));
  if (free < count) {
    lines.push(range(free + 1, count, 'Paid', pricing.episode_price));
    const all = Math.min(pricing.all_price, (count - free) * pricing.episode_price);
    lines.push(t('catalogue.pricing.previewAll', { price: all }));
  }
  return lines;
}

/** Free episodes and the two prices, with what viewers will pay for this drama's episodes. */
export function PricingPanel({ drama }: { drama: ConsoleDrama }) {
  const [form, setForm] = useState<PricingForm>(() => pricingFormOf(drama));
  const panel = usePanelSave(consoleSetDramaPricing, 'catalogue.pricing.saved');
  const { shown, setDone } = panel;
  const checked = checkPricing(form);
  const preview = 'body' in checked ? checked.body : drama;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    panel.submit(drama.id, checked);
  };

  return (
    <section className="panel" aria-labelledby="pricing-title">
      <h2 id="pricing-title">{t('catalogue.pricing.title')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <PricingFields
          form={form}
          errors={shown}
          onChange={(field, value) => {
            setDone(null);
            setForm((current) => ({ ...current, [field]: value }));
          }}
        />
        <div>
          <h3>{t('catalogue.pricing.preview')}</h3>
          <ul aria-live="polite">
            {pricingLines(preview, drama.episodes.length).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <PanelSaveFooter {...panel} />
      </form>
    </section>
  );
}
