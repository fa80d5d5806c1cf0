/**
 * The fake's stand-in for Stripe's hosted Checkout page (pay, decline, back). Plain forms, no
 * script, so a browser test and a bare `fetch` drive it the same way.
 */
import type { FakeCheckoutSession } from './objects.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto;">
${body}
</body></html>`;
}

export interface CheckoutLine {
  name: string;
  amount: number;
  currency: string;
  quantity: number;
}

export function checkoutPage(session: FakeCheckoutSession, lines: CheckoutLine[], declined: boolean): string {
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  if (session.status !== 'open') {
    return page('Checkout', `<p>This Checkout Session is no longer active.</p>`);
  }
  const items = lines
    .map(
      (line) =>
        `<li>${escape(line.name)} ${escape(formatAmount(line.amount, line.currency))}` +
        (line.quantity > 1 ? ` × ${line.quantity}` : '') +
        '</li>',
    )
    .join('\n');
  const total = formatAmount(session.amount_total ?? 0, session.currency ?? 'usd');
  return page(
    'Checkout',
    `<h1>Fake Stripe Checkout</h1>
<ul>${items}</ul>
<p>Total due: <strong data-testid="fake-stripe-total">${escape(total)}</strong></p>
${declined ? '<p role="alert" data-testid="fake-stripe-error">Your card was declined.</p>' : ''}
<form method="post" action="${action}/pay"><button type="submit" data-testid="fake-stripe-pay">Pay</button></form>
<form method="post" action="${action}/decline"><button type="submit" data-testid="fake-stripe-decline">Pay with a declined card</button></form>
<form method="post" action="${action}/cancel"><button type="submit" data-testid="fake-stripe-cancel">Back</button></form>`,
  );
}

export function notFoundPage(): string {
  return page('Not found', '<p>Not found.</p>');
}
