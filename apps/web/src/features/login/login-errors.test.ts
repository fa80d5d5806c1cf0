import { ApiError } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { loginRefusal } from './login-errors';

describe('sign-in refusals', () => {
  it('tells a blocked viewer their account is blocked, not that the sign-in failed', () => {
    const blocked = new ApiError('session-invalid', 20008, 'blocked');
    expect(loginRefusal(blocked, 'sms', i18n.t)).toEqual({
      message: 'Your account has been blocked. Please contact support.',
    });
    expect(loginRefusal(new ApiError('session-invalid', 20007, 'x'), 'sms', i18n.t)).toEqual({
      message: i18n.t('errors.loginFailed'),
    });
  });
});
