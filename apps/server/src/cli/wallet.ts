import { fail, runMain } from '../config.js';
import { withCliDatabase } from './cli-config.js';
import type { Database } from '../db/database.js';
import { isAppError } from '../http/envelope.js';
import { systemClock } from '../lib/clock.js';
import { formatReconcileReport, reconcileWallets } from '../services/wallet/reconcile.js';
import { createWalletServices, type WalletServices } from '../services/wallet/wallet-services.js';
import { ledgerKeys } from '../services/wallet/ledger-keys.js';

/**
 * `npm run wallet -- <command>` against the configured database (same environment as the
 * server; docs/wallet.md). Does not start the server.
 *
 *   reconcile                          every balance against its ledger and lots; exit 1 on a difference
 *   expire                             expires every due coin lot now (what the scheduled job does)
 *   grant-vip <uid> <days>             extends VIP by whole days
 *   credit <uid> <amount> giveaway [key]
 *                                      support/test credit through the wallet service; a repeat
 *                                      with the same key changes nothing
 *
 * Exit codes: 0 done, 1 reconcile found differences or the wallet refused, 2 usage or setup error.
 */

const USAGE = `Usage: npm run wallet -- reconcile
       npm run wallet -- expire
       npm run wallet -- grant-vip <uid> <days>
       npm run wallet -- credit <uid> <amount> giveaway [idempotency-key]`;

/** A whole number written as digits only: "1e3", "2.5", "-3" and " 7" are refused. */
function wholeNumber(text: string | undefined, name: string): number {
  if (text === undefined || !/^\d{1,15}$/.test(text)) fail(`${name} must be a whole number\n${USAGE}`, 2);
  return Number(text);
}

type Command =
  | { name: 'reconcile' }
  | { name: 'expire' }
  | { name: 'grant-vip'; userId: number; days: number }
  | { name: 'credit'; userId: number; amount: number; key: string };

/** Reads the arguments before anything opens the database, so a typo costs nothing. */
function parse(argv: readonly string[]): Command {
  const [command, ...args] = argv;
  switch (command) {
    case 'reconcile':
    case 'expire':
      if (args.length !== 0) fail(USAGE, 2);
      return { name: command };
    case 'grant-vip':
      if (args.length !== 2) fail(USAGE, 2);
      return { name: 'grant-vip', userId: wholeNumber(args[0], 'uid'), days: wholeNumber(args[1], 'days') };
    case 'credit':
      if (args.length < 3 || args.length > 4 || args[2] !== 'giveaway') fail(USAGE, 2);
      return {
        name: 'credit',
        userId: wholeNumber(args[0], 'uid'),
        amount: wholeNumber(args[1], 'amount'),
        key: ledgerKeys.giveaway(args[3]),
      };
    default:
      return fail(USAGE, 2);
  }
}

async function run(command: Command, database: Database, services: WalletServices): Promise<number> {
  switch (command.name) {
    case 'reconcile': {
      const report = await reconcileWallets(database.db);
      process.stdout.write(formatReconcileReport(report));
      return report.differences.length === 0 ? 0 : 1;
    }
    case 'expire': {
      const totals = await services.wallet.expireDue();
      process.stdout.write(`Expired ${totals.coins} coins in ${totals.users} wallets.\n`);
      return 0;
    }
    case 'grant-vip': {
      const until = await services.vip.grant(command.userId, command.days);
      process.stdout.write(`User ${command.userId} is VIP until ${until.toISOString()}.\n`);
      return 0;
    }
    case 'credit': {
      const { userId, amount, key } = command;
      const result = await services.wallet.credit({ userId, kind: 'giveaway', amount, key, ref: 'cli' });
      process.stdout.write(
        `${result.replayed ? 'Already credited' : `Credited ${amount} coins`} to user ${userId} (key ${key}); balance ${result.balance}.\n`,
      );
      return 0;
    }
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const command = parse(argv);
  try {
    process.exitCode = await withCliDatabase((database, config) =>
      run(command, database, createWalletServices({ db: database.db, clock: systemClock, config })),
    );
  } catch (error) {
    // The wallet's refusals (unknown user, bad amount, key reused) are answers, not crashes.
    if (isAppError(error)) {
      process.stderr.write(
        `Refused (${error.code}): ${error.message}${error.data ? ` ${JSON.stringify(error.data)}` : ''}\n`,
      );
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

runMain(() => main(process.argv.slice(2)), 'wallet failed: ', 2);
