import { useState } from 'react';

/**
 * A copy-to-clipboard button for text shown once (an enrolment link, recovery codes), with a
 * spoken note of the result: the clipboard may be refused, and then the text must be copied by hand.
 */
export function CopyText({
  text,
  label,
  copied,
  failed,
}: {
  text: string;
  label: string;
  copied: string;
  failed: string;
}) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const copy = () => {
    // Without a secure context (plain http on a LAN address) there is no clipboard at all.
    if (typeof navigator.clipboard?.writeText !== 'function') {
      setResult('failed');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  };
  return (
    <>
      <button type="button" className="button" onClick={copy}>
        {label}
      </button>
      <span role="status" className={result === 'failed' ? 'field__error' : 'field__hint'}>
        {result === 'copied' ? copied : result === 'failed' ? failed : null}
      </span>
    </>
  );
}
