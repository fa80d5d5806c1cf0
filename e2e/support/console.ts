import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { startPaymentsWorld, type PaymentsWorld } from './payments-world.js';
import { seededDataDir } from './seeded-data-dir.js';
import { freePort, repoRoot, startServer, type RunningServer } from './server-process.js';

/** A world of its own for a console spec: its server, its data directory, and the first operator's link. */
export interface ConsoleWorld {
  server: RunningServer;
  /** The one-time link `create-operator` printed. */
  enrolmentLink: string;
  stop: () => Promise<void>;
}

/**
 * `npm run console -- create-operator` before the server starts: an embedded (PGlite) world's
 * server holds its data directory, so the command runs on it first, as an operator setting up a
 * fresh install would. Answers the enrolment link it prints.
 */
export function createOperator(dataDir: string, publicBaseUrl: string, email: string): string {
  return runCreateOperator(email, 'admin', { DATABASE_URL: '', DATA_DIR: dataDir, PUBLIC_BASE_URL: publicBaseUrl });
}

/**
 * `npm run console -- create-operator <email> --role <role>` against the database `env` names
 * (on PostgreSQL it may run while the world's server does). Answers the enrolment link it prints.
 */
function runCreateOperator(email: string, role: string, env: Record<string, string>): string {
  const created = spawnSync('npm', ['run', '--silent', 'console', '--', 'create-operator', email, '--role', role], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    timeout: 120_000,
  });
  const link = /(http:\/\/\S+\/console\/enrol\?token=[\w-]+)/.exec(created.stdout)?.[1];
  if (created.status !== 0 || !link)
    throw new Error(`create-operator failed (${created.status}): ${created.stdout}${created.stderr}`);
  return link;
}

/**
 * An embedded world with the demo catalogue and a first admin, `email`, made by the real command:
 * the seeded data directory copied, the operator created, then the server started on it.
 */
export async function startConsoleWorld(email: string): Promise<ConsoleWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-console-'));
  const seed = seededDataDir();
  if (seed) cpSync(seed, dataDir, { recursive: true });
  const port = await freePort();
  const enrolmentLink = createOperator(dataDir, `http://127.0.0.1:${port}`, email);
  const server = await startServer({ port, env: { DATA_DIR: dataDir } });
  return {
    server,
    enrolmentLink,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A console world on PostgreSQL with the Stripe and Twilio stand-ins, for stories where viewers pay. */
export interface PayingConsoleWorld extends PaymentsWorld {
  /** An operator of `role` made by the real command while the server runs; answers the enrolment link. */
  createOperator(email: string, role: string): string;
}

/**
 * The payments world (a fresh PostgreSQL database, the demo catalogue, Stripe and Twilio stand-ins)
 * with no house ads and days counted in UTC for the Numbers; operators are made beside the running
 * server, as PostgreSQL allows.
 */
export async function startPayingConsoleWorld(adminUrl: string): Promise<PayingConsoleWorld> {
  const world = await startPaymentsWorld(adminUrl, {
    name: 'ch_e2e_console_ops',
    env: { ADS_EVERY_N_EPISODES: '0', REWARDS_TIME_ZONE: 'UTC' },
  });
  return { ...world, createOperator: (email, role) => runCreateOperator(email, role, world.env) };
}

/**
 * Every failed answer the page got (`status path`), every request that never got one
 * (`failed METHOD path`), and every error it threw or logged: a CSP refusal shows here.
 * `ignoreAborted` leaves out requests the browser itself cancelled (`net::ERR_ABORTED`): a spec
 * moving a viewer's page on while its posters are still loading.
 */
export function pageProblems(page: Page, options: { ignoreAborted?: boolean } = {}): string[] {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    if (options.ignoreAborted && request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed ${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export interface Enrolment {
  /** Codes as the operator's authenticator computes them from the key the page showed. */
  totp: OTPAuth.TOTP;
  recoveryCodes: string[];
}

/**
 * Finishes the enrolment the page shows (opened from the link): reads the key off the page as an
 * operator typing it into an authenticator would, sets `password`, confirms with this time step's
 * code, keeps the recovery codes, and goes on to sign-in.
 */
export async function enrol(page: Page, password: string): Promise<Enrolment> {
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  if (!/^[A-Z2-7]+$/.test(secret)) throw new Error(`the enrolment page shows no base32 key: "${secret}"`);
  await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });

  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByLabel('Six-digit code from the authenticator').fill(totp.generate());
  await page.getByRole('button', { name: 'Finish setting up' }).click();

  const codes = page.getByRole('list', { name: '3. Save your recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have saved them: continue to sign in' }).click();
  await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
  return { totp, recoveryCodes };
}

/**
 * Signs in on the sign-in page and waits for home. The enrolment used this time step's TOTP code
 * and a code is accepted once, so a spec signing in right after enrolling passes a recovery code.
 */
export async function signIn(page: Page, email: string, password: string, code: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code or recovery code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Welcome, ${email}` }).waitFor();
}
