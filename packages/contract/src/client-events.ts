import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/** POST /api/client-events/not-found: the 404 page reports the unknown path (spec: it is logged). */
export const ZNotFoundEvent = z.strictObject({
  path: zSingleLineText().max(2048),
});
export type TNotFoundEvent = z.infer<typeof ZNotFoundEvent>;
