import { ERROR_CODES } from './error-codes.ts';
import { z } from './z.ts';

export { ERROR_CODES, ERROR_STATUS, type TErrorCode } from './error-codes.ts';

export const ZApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * What the refusal is about, where the client can use it to help (PLAN_UNSATISFIABLE: the
     * constraints the prompt was read as, so the correction form starts from them; CONFLICT and
     * SAME_DAY_SHOW and NIGHT_TAKEN: `showId`, the show already there).
     */
    detail: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
