/** The signed-in operator's own account. */
export const accountMessages = {
  'account.nav': 'My account',
  'account.title': 'My account',

  'account.password.title': 'Change your password',
  'account.password.body':
    'Your other sessions are signed out; this one stays. You will be asked for a fresh code from your authenticator.',
  'account.password.current': 'Current password',
  'account.password.new': 'New password',
  'account.password.newHint': '8 to 72 characters, not a common password.',
  'account.password.repeat': 'New password again',
  'account.password.mismatch': 'The two new passwords differ.',
  'account.password.missing': 'Enter your current password.',
  'account.password.tooShort': 'Use at least 8 characters.',
  'account.password.submit': 'Change password',
  'account.password.pending': 'Changing…',
  'account.password.done': 'Your password is changed. Your other sessions are signed out.',

  'account.codes.title': 'Recovery codes',
  'account.codes.body':
    'New recovery codes replace the ones you have: the old ones stop working. Each code signs you in once, instead of an authenticator code.',
  'account.codes.submit': 'Make new recovery codes',
  'account.codes.pending': 'Making…',
  'account.codes.list': 'Your new recovery codes',
  'account.codes.shownOnce': 'They are shown only now. Keep them somewhere safe, away from your authenticator.',
  'account.codes.copy': 'Copy the codes',
  'account.codes.download': 'Download as a text file',
  'account.codes.copied': 'Copied.',
  'account.codes.copyFailed': 'Could not copy: select the codes and copy them by hand.',

  'account.everywhere.title': 'Sign out everywhere',
  'account.everywhere.body':
    'Ends every session of your account, on every computer, this one included. Use it if you left the console open somewhere.',
  'account.everywhere.submit': 'Sign out everywhere',
  'account.everywhere.confirmTitle': 'Sign out everywhere?',
  'account.everywhere.confirm': 'Sign out everywhere',
  'account.everywhere.pending': 'Signing out…',
} as const;
