import { Code } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';

/**
 * The most used passwords of 8 characters or more, from public breach corpora (the top of the
 * SecLists "10-million-password-list" and "common-passwords" lists, lower-cased). NIST SP 800-63B
 * §5.1.1.2 asks verifiers to refuse passwords found in such lists; the first ones an attacker
 * tries are these, so even a short list removes most of what online guessing would hit.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '111111111',
  '00000000', '000000000', '88888888', '87654321', '987654321', '0987654321', '11223344',
  '12341234', '123412345', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4', 'q1w2e3r4t5',
  '1qaz2wsx', '1qazxsw2', 'zaq12wsx', 'zaq1zaq1', '!qaz2wsx', 'qwertyui', 'qwertyuiop',
  'qwerty123', 'qwerty12', 'qwerty1234', 'qwer1234', 'asdfghjk', 'asdfghjkl', 'asdf1234',
  'zxcvbnm1', 'zxcvbnm123', 'password', 'password1', 'password12', 'password123', 'passw0rd',
  'p@ssw0rd', 'p@ssword', 'pa55word', 'password!', 'iloveyou', 'iloveyou1', 'iloveyou2',
  'sunshine', 'princess', 'football', 'baseball', 'superman', 'starwars', 'whatever',
  'trustno1', 'welcome1', 'welcome123', 'computer', 'michelle', 'jennifer', 'basketball',
  'jordan23', 'charlie1', 'master123', 'letmein1', 'letmein123', 'abcd1234', 'abc12345',
  'abcdefgh', 'abcdefg1', 'a1b2c3d4', 'aa123456', 'aa12345678', 'qazwsxedc', 'qweasdzxc',
  'michael1', 'football1', 'baseball1', 'shadow12', 'monkey12', 'dragon12', 'butterfly',
  'chocolate', 'liverpool', 'babygirl', 'lovelove', 'iloveu123', 'samantha', 'internet',
  'mercedes', 'corvette', 'midnight', 'blink182', 'maverick', 'mustang1', 'fuckyou1',
  'fuckyou123', 'hello123', 'helloworld', 'changeme', 'changeme1', 'administrator', 'admin123',
  'admin1234', 'root1234', 'test1234', 'testtest', 'guest123', 'default1', 'secret123',
  'login123', 'access14', 'killer12', 'pokemon1', 'naruto123', 'minecraft', 'cliffhanger',
  'cliffhanger1', 'cliffhanger123', '147258369', '159753456', '741852963', '963852741',
  '123654789', '1234qwer', '12qwaszx', 'woaini1314', '5201314520', 'qq123456', 'a123456789',
  'asd123456', 'zxc123456', 'galatasaray', 'fenerbahce', 'besiktas', 'trabzonspor',
]);

function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** One character repeated (`aaaaaaaa`, eight spaces): long enough by count, guessed at once. */
function isOneRepeatedCharacter(password: string): boolean {
  const chars = [...password];
  return chars.every((c) => c === chars[0]);
}

/**
 * NIST SP 800-63B: length (8–72, the contract) plus a blocklist, no composition rules (they make
 * passwords harder to remember, not harder to guess). Code.PASSWORD_TOO_WEAK names the field for the form.
 */
export function assertAcceptablePassword(password: string): void {
  if (isOneRepeatedCharacter(password) || isCommonPassword(password)) {
    throw new AppError(Code.PASSWORD_TOO_WEAK, 'This password is too common or too simple', {
      fields: [{ field: 'body.password', message: 'is on the list of common passwords or repeats one character' }],
    });
  }
}
