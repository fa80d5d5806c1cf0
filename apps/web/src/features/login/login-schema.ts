// The sign-in rules are zod schemas: the sign-in page loads them, off the home page's path.
import { smsCodeSchema } from '@cliffhanger/contract';
import type { TFunction } from '../../lib/i18n';
import { z } from 'zod';
import { COUNTRIES } from './phone/countries';
import { toE164 } from './phone/phone-number';

export type LoginMethod = 'sms' | 'password';

/**
 * docs/product.md#validation-rules, in its order: the phone number ('Please Enter Phone Number'), the code
 * ('Please Enter Code') or the password ('Please Enter Password'), then a number that can exist in its
 * country and a code by the contract's rule. Answers the phone in E.164.
 */
export function loginSchema(t: TFunction, method: LoginMethod) {
  return z
    .object({
      country: z.enum(COUNTRIES),
      phone: z.string().trim().min(1, t('login.enterPhone')),
      code: method === 'sms' ? z.string().trim().min(1, t('login.enterCode')) : z.string(),
      password: method === 'password' ? z.string().min(1, t('login.enterPassword')) : z.string(),
    })
    .transform(({ country, phone, code, password }, ctx) => {
      const checked = toE164(phone, country);
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['phone'], message: t('errors.70003') });
      else if (method === 'sms' && !smsCodeSchema.safeParse(code).success)
        ctx.addIssue({ code: 'custom', path: ['code'], message: t('login.codeFormat') });
      return { phone: checked.ok ? checked.e164 : phone, code, password };
    });
}
