import { OPERATOR_ROLES, type OperatorRole } from '@cliffhanger/contract/console';
import type { ReasonText } from '../../components/ReasonField';
import { t } from '../../i18n/messages';

interface RoleFieldProps {
  id: string;
  label: string;
  value: OperatorRole;
  onChange: (role: OperatorRole) => void;
  autoFocus?: boolean;
}

/** The role an operator has or is given, one of the contract's roles. */
export function RoleField({ id, label, value, onChange, autoFocus = false }: RoleFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value as OperatorRole)}
      >
        {OPERATOR_ROLES.map((option) => (
          <option key={option} value={option}>
            {t(`role.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Why, for the audit log: optional, at most 500 characters like the API allows. */
export const OPERATOR_REASON_FIELD = {
  text: { label: 'operators.dialog.reason', hint: 'operators.dialog.reasonHint' },
  maxLength: 500,
} as const satisfies { text: ReasonText; maxLength: number };
