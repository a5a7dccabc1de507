import { z } from 'zod';

/** POST /api/client-events/not-found: the 404 page reports the unknown path (spec: it is logged). */
export const ZNotFoundEvent = z.strictObject({
  path: z.string().max(2048),
});
export type TNotFoundEvent = z.infer<typeof ZNotFoundEvent>;
