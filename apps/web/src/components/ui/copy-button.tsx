import { useTranslation } from '../../lib/use-translation';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../../lib/toast';
import { Button } from './button';
import { CopyIcon } from './icons';

export interface CopyButtonProps {
  text: string;
  /** Accessible name and visible label; defaults to 'Copy'. */
  label?: string;
  testId?: string;
  /** The toast after a successful copy; defaults to 'Copied'. */
  copiedMessage?: string;
}

export function CopyButton({ text, label, testId, copiedMessage }: CopyButtonProps) {
  const { t } = useTranslation();
  const onClick = async () => {
    const ok = await copyText(text);
    showToast(ok ? (copiedMessage ?? t('common.copied')) : t('common.copyFailed'));
  };
  return (
    <Button variant="secondary" small onClick={() => void onClick()} disabled={!text} data-testid={testId}>
      <CopyIcon size={16} />
      {label ?? t('common.copy')}
    </Button>
  );
}
