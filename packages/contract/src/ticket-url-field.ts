import { SHOW_MESSAGES as S } from './show-messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { checkTicketUrl, TICKET_URL_MAX } from './ticket-url.ts';

/**
 * The forms' and the API's ticket link: refused with the rule's message, stored as the parser
 * writes it. Inside `zOptional`'s union an aborting issue (`continue: false`) or a failed
 * `transform` would hide the message behind zod's generic 'Invalid input', hence a plain issue
 * and `overwrite`, which leaves a refused value as it is.
 */
export const zTicketUrl = zSingleLineText()
  .trim()
  // Also for the OpenAPI document's maxLength; the refinement then says nothing more.
  .max(TICKET_URL_MAX, S.url)
  .superRefine((value, ctx) => {
    if (value.length > TICKET_URL_MAX) return;
    const checked = checkTicketUrl(value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
  })
  .overwrite((value) => {
    const checked = checkTicketUrl(value);
    return checked.ok ? checked.href : value;
  });
