import { t } from '../../i18n/messages';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const shown = (value: unknown) => (value === undefined ? t('audit.diff.none') : JSON.stringify(value));

/** The fields a change touched, each as `field: before → after`; fields left as they were are not listed. */
export function changedFields(before: unknown, after: unknown): { key: string; before: string; after: string }[] {
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .map((key) => ({ key, before: shown(from[key]), after: shown(to[key]) }));
}

/** An audit entry's before → after: field by field for records, else the two values whole. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  if (before === null && after === null) return <span className="audit-change__none">{t('audit.diff.none')}</span>;
  const records = (before === null || isRecord(before)) && (after === null || isRecord(after));
  if (!records) {
    return (
      <span className="audit-change">
        <del>{shown(before ?? undefined)}</del> {t('audit.diff.arrow')} <ins>{shown(after ?? undefined)}</ins>
      </span>
    );
  }
  const fields = changedFields(before, after);
  if (fields.length === 0) return <span className="audit-change__none">{t('audit.diff.none')}</span>;
  return (
    <ul className="audit-change">
      {fields.map((field) => (
        <li key={field.key}>
          <span className="audit-change__key">{t('audit.diff.field', { key: field.key })}</span>{' '}
          <del>{field.before}</del> {t('audit.diff.arrow')} <ins>{field.after}</ins>
        </li>
      ))}
    </ul>
  );
}
