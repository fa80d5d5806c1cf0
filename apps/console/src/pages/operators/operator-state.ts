import type { OperatorAccount } from '@cliffhanger/contract/console';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';

/** What the list says of an operator: disabled first (nothing else matters then), then a lock, then enrolment. */
export function stateOf(operator: OperatorAccount): string {
  if (operator.disabled) return t('operators.state.disabled');
  if (operator.locked_until !== null) return t('operators.state.locked', { until: utcTime(operator.locked_until) });
  if (!operator.enrolled) {
    return operator.enrolment_open_until === null
      ? t('operators.state.linkExpired')
      : t('operators.state.invited', { until: utcTime(operator.enrolment_open_until) });
  }
  return t('operators.state.active');
}

/** The changes an admin may make to an operator, as the list offers them. */
export type OperatorAction = 'role' | 'disable' | 'enable' | 'reset' | 'unlock';

export function actionsFor(operator: OperatorAccount): OperatorAction[] {
  return [
    'role',
    operator.disabled ? 'enable' : 'disable',
    'reset',
    ...(operator.locked_until === null ? [] : (['unlock'] as const)),
  ];
}
