import { z } from 'zod';
import { TEXT_MESSAGES } from './text-rules.ts';

/**
 * zod 4's default messages differ from the spec's generic fallbacks ('Required', 'Invalid input',
 * 'String must contain at least N character(s)'). Every rule in this package carries its own spec
 * message; this map only covers what no rule names. Imported for its side effect by index.ts, so
 * the client and the server always parse with the same wording.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
    if (issue.code === 'too_small' && issue.origin === 'string') {
      return TEXT_MESSAGES.tooShort(issue.minimum);
    }
    if (issue.code === 'too_big' && issue.origin === 'string') {
      return TEXT_MESSAGES.tooLong(issue.maximum);
    }
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
    return 'Invalid input';
  },
});
