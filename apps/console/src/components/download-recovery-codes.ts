const FILE_NAME = 'cliffhanger-console-recovery-codes.txt';

/** Hands `text` (the recovery codes, one a line) to the browser's download as a text file. */
export function downloadRecoveryCodes(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  // The click has handed the file to the browser's download; the URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url));
}
