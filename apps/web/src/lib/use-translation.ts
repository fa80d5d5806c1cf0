import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type { TFunction } from './translations';

/**
 * The app's texts for a component, which renders again whenever they change (a language switch,
 * a catalogue coming in). `t` is a new function after each change, so effects and memos that use
 * it run again too.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const version = useSyncExternalStore(i18n.subscribe, () => i18n.version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new identity per version is the point
  const t = useMemo<TFunction>(() => (key, values) => i18n.t(key, values), [version]);
  return { t, i18n };
}
