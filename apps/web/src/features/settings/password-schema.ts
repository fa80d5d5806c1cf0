// The password rule is a zod schema: the settings page loads it, off the home page's path.
import { passwordSchema } from '@cliffhanger/contract';
import { PASSWORD_MAX, PASSWORD_MIN } from '@cliffhanger/contract/browser';
import type { TFunction } from '../../lib/i18n';
import { z } from 'zod';

/** In this order: the current password (when one is set), the new one by the contract's rule, the repeat. */
export function passwordFormSchema(t: TFunction, hasPassword: boolean) {
  return z
    .object({
      current: hasPassword ? z.string().min(1, t('password.enterCurrent')) : z.string(),
      password: z
        .string()
        .min(1, t('login.enterPassword'))
        .refine(
          (password) => passwordSchema.safeParse(password).success,
          t('password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
        ),
      repeat: z.string(),
    })
    .refine(({ password, repeat }) => repeat === password, { path: ['repeat'], message: t('password.mismatch') });
}
