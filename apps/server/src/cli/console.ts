import { fail, runMain } from '../config.js';
import { operatorRole, type OperatorRole } from '../db/schema.js';
import { isAppError } from '../http/envelope.js';
import { systemClock } from '../lib/clock.js';
import { enrolmentLink } from '../services/console/enrolment-link.js';
import { OperatorAccountsService } from '../services/console/operator-accounts.service.js';
import { withCliDatabase } from './cli-config.js';

/**
 * `npm run console -- create-operator <email> --role <role>` against the configured database
 * (same environment as the server; docs/console.md). Prints the operator's one-time enrolment
 * link. Does not start the server.
 *
 * Exit codes: 0 created, 1 refused (e.g. the e-mail is taken), 2 usage or setup error.
 */

const ROLES: readonly string[] = operatorRole.enumValues;
const USAGE = `Usage: npm run console -- create-operator <email> --role ${ROLES.join('|')}`;

function isRole(text: string | undefined): text is OperatorRole {
  return text !== undefined && ROLES.includes(text);
}

/** Reads the arguments before anything opens the database, so a typo costs nothing. */
function parse(argv: readonly string[]): { email: string; role: OperatorRole } {
  const [command, email, flag, role] = argv;
  if (command !== 'create-operator' || email === undefined || flag !== '--role' || argv.length !== 4) fail(USAGE, 2);
  if (!isRole(role)) fail(`--role must be one of ${ROLES.join(', ')}\n${USAGE}`, 2);
  return { email, role };
}

async function main(argv: readonly string[]): Promise<void> {
  const { email, role } = parse(argv);
  try {
    await withCliDatabase(async (database, config) => {
      const accounts = new OperatorAccountsService({ db: database.db, clock: systemClock });
      const created = await accounts.createOperator(email, role);
      const link = enrolmentLink(config.publicBaseUrl, created.enrolmentToken);
      process.stdout.write(
        `Created operator ${created.operatorId} (${role}). One-time enrolment link, valid until ${created.expiresAt.toISOString()}:\n${link}\n`,
      );
    });
  } catch (error) {
    if (isAppError(error)) {
      process.stderr.write(`Refused (${error.code}): ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

runMain(() => main(process.argv.slice(2)), 'console failed: ', 2);
