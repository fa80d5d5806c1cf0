/**
 * The fake's stand-ins for Stripe-hosted pages: Checkout (pay, decline, back) and the customer
 * portal. Plain forms, no script, so a browser test and a bare `fetch` drive them the same way.
 */
import type Stripe from 'stripe';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function formatAmount(amount: number, currency: string): string {
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
  recurring: string | null;
}

export function checkoutPage(session: Stripe.Checkout.Session, lines: CheckoutLine[], declined: boolean): string {
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  if (session.status !== 'open') {
    return page('Checkout', `<p data-testid="fake-stripe-inactive">This Checkout Session is no longer active.</p>`);
  }
  const items = lines
    .map(
      (line) =>
        `<li data-testid="fake-stripe-line"><span data-testid="fake-stripe-line-name">${escape(line.name)}</span>` +
        ` <span data-testid="fake-stripe-line-amount">${escape(formatAmount(line.amount, line.currency))}</span>` +
        (line.recurring ? ` <span>${escape(line.recurring)}</span>` : '') +
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

export function portalPage(session: Stripe.BillingPortal.Session): string {
  const back = session.return_url
    ? `<a data-testid="fake-stripe-portal-return" href="${escape(session.return_url)}">Return</a>`
    : '';
  return page('Billing portal', `<h1>Fake Stripe customer portal</h1><p>${escape(session.customer)}</p>${back}`);
}

export function notFoundPage(): string {
  return page('Not found', '<p>Not found.</p>');
}
