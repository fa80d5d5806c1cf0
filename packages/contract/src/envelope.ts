import { z } from 'zod';

/** Every API response body (docs/architecture.md#response-envelope). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export type Envelope<T = unknown> = z.infer<ReturnType<typeof envelopeSchema<z.ZodType<T>>>>;

export const anyEnvelopeSchema = envelopeSchema(z.unknown());

/** `data` of a Code.INVALID_INPUT answer: each bad field and what is wrong with it. */
export const invalidInputDataSchema = z.object({
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type InvalidInputData = z.infer<typeof invalidInputDataSchema>;
