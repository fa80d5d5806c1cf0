// The profile rules are zod schemas: the profile page loads them, off the home page's path.
import { NICKNAME_MAX, nicknameSchema, USERNAME_MAX, USERNAME_MIN, usernameSchema } from '@cliffhanger/contract';
import type { TFunction } from '../../lib/i18n';
import { z } from 'zod';

export type ProfileField = 'nickname' | 'username';

/** What each field's rule says to the viewer, for the form's check and for a Code.INVALID_INPUT answer. */
export function profileRules(t: TFunction): Record<ProfileField, string> {
  return {
    nickname: t('profile.nicknameRule', { max: NICKNAME_MAX }),
    username: t('profile.usernameRule', { min: USERNAME_MIN, max: USERNAME_MAX }),
  };
}

/** A field the contract's `rule` checks (as the server does), answering what it keeps: trimmed, lower-cased. */
function checkedBy(rule: z.ZodType<string, string>, message: string) {
  return z.string().transform((value, ctx) => {
    const parsed = rule.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

export function profileSchema(rules: Record<ProfileField, string>) {
  return z.object({
    // Empty keeps an account without a username as it is.
    username: checkedBy(usernameSchema.or(z.string().trim().max(0)), rules.username),
    nickname: checkedBy(nicknameSchema, rules.nickname),
  });
}
