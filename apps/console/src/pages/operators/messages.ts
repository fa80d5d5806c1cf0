/** Operators, as admins manage them. */
export const operatorsMessages = {
  'operators.nav': 'Operators',
  'operators.title': 'Operators',
  'operators.intro':
    'Everyone who can sign in to the console. Role changes, disabling and resets ask for a fresh code from your authenticator. You cannot change your own account here; another admin can.',
  'operators.invite': 'Invite an operator',

  'operators.col.email': 'E-mail',
  'operators.col.role': 'Role',
  'operators.col.state': 'State',
  'operators.col.lastSignIn': 'Last sign-in (UTC)',
  'operators.col.lastSeen': 'Last active (UTC)',
  'operators.col.actions': 'Actions',
  'operators.never': 'Never',
  'operators.you': 'You',

  'operators.state.active': 'Active',
  'operators.state.invited': 'Invited, link valid until {until} UTC',
  'operators.state.linkExpired': 'Invited, link expired',
  'operators.state.disabled': 'Disabled',
  'operators.state.locked': 'Locked until {until} UTC',

  'operators.action.role': 'Change role',
  'operators.action.disable': 'Disable',
  'operators.action.enable': 'Enable',
  'operators.action.reset': 'Reset',
  'operators.action.unlock': 'Unlock',
  'operators.action.history': 'History',
  'operators.actionLabel': '{action}: {email}',

  'operators.dialog.role.title': 'Change the role of {email}',
  'operators.dialog.role.body': 'The new role applies at once, to sessions already open too.',
  'operators.dialog.role.field': 'New role',
  'operators.dialog.disable.title': 'Disable {email}?',
  'operators.dialog.disable.body':
    'They are signed out everywhere at once and cannot sign in until an admin enables them again.',
  'operators.dialog.enable.title': 'Enable {email}?',
  'operators.dialog.enable.body': 'They can sign in again with their password and authenticator.',
  'operators.dialog.reset.title': 'Reset {email}?',
  'operators.dialog.reset.body':
    'For a lost authenticator or password: their password, authenticator and recovery codes are cleared, they are signed out everywhere, and you get a new enrolment link to give them. Links given before stop working.',
  'operators.dialog.unlock.title': 'Unlock {email}?',
  'operators.dialog.unlock.body':
    'Too many failed attempts locked this account. Unlock it only once you know the attempts were theirs.',
  'operators.dialog.reason': 'Reason (optional)',
  'operators.dialog.reasonHint': 'Kept in the audit log beside the change.',
  'operators.dialog.pending': 'Working…',

  'operators.invite.title': 'Invite an operator',
  'operators.invite.email': 'E-mail',
  'operators.invite.role': 'Role',
  'operators.invite.submit': 'Create the enrolment link',
  'operators.invite.emailInvalid': 'Enter an e-mail address.',

  'operators.link.title': 'Enrolment link for {email}',
  'operators.link.body':
    'Give this link to {email} by a channel you trust. It works once, until {until} UTC. It is shown only now: the console does not keep it.',
  'operators.link.label': 'Enrolment link',
  'operators.link.copy': 'Copy the link',
  'operators.link.copied': 'Copied.',
  'operators.link.copyFailed': 'Could not copy: select the link and copy it by hand.',
  'operators.link.done': 'Done',

  'operators.done.role': '{email} is now {role}.',
  'operators.done.disable': '{email} is disabled and signed out everywhere.',
  'operators.done.enable': '{email} is enabled.',
  'operators.done.unlock': '{email} is unlocked.',
  'operators.done.invite': '{email} is invited.',
  'operators.done.reset': '{email} is reset.',

  'code.80007': 'You cannot do this to your own account. Another admin can.',
  'code.80008': 'This would leave no admin who can sign in. Make someone else an admin first.',
} as const;
