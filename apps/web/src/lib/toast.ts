import { TOAST_DURATION_MS } from '@cliffhanger/contract/browser';
import { createStore } from './store';

export interface ToastMessage {
  id: number;
  text: string;
}

/** One toast at a time, as on a phone: a new message replaces the one on screen. */
export const toastStore = createStore<ToastMessage | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a message for 2000 ms, every toast alike (docs/product.md#business-constants). */
export function showToast(text: string): void {
  const message: ToastMessage = { id: nextId++, text };
  if (timer) clearTimeout(timer);
  toastStore.set(message);
  timer = setTimeout(() => {
    timer = undefined;
    if (toastStore.get()?.id === message.id) toastStore.set(null);
  }, TOAST_DURATION_MS);
}

export function hideToast(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  toastStore.set(null);
}
