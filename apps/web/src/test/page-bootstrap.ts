import { BOOTSTRAP_ELEMENT_ID } from '@cliffhanger/contract/browser';
import { resetBootstrap } from '../lib/bootstrap';

/** Puts `data` in the document as the server writes a page's bootstrap, read afresh. */
export function inlineBootstrap(data: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOTSTRAP_ELEMENT_ID;
  script.textContent = JSON.stringify(data);
  document.head.append(script);
  resetBootstrap();
}

/** Takes the bootstrap out of the document again (for afterEach). */
export function removeBootstrap(): void {
  document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
  resetBootstrap();
}
