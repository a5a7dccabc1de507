import { type TTourConstraints, ZTourConstraints } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { LanguageModel, OutreachFacts } from './language-model.ts';
import { type ChatMessage, constraintsMessages, outreachEmailMessages } from './llm-prompts.ts';
import { unverifiedFigures } from './unverified-figures.ts';

/** What an OpenAI-compatible chat completion answers; only the first choice's text is read. */
const ZChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
});

/** Why a call gave nothing: the only thing logged (never the prompt, the key or the answer). */
class LlmFailure extends Error {}

type Call = 'constraints' | 'email';

/**
 * The tour planner's language model over any OpenAI-compatible chat-completions API, or null
 * when LLM_BASE_URL is unset (the planner then reads and writes everything itself).
 *
 * Nothing is retried: the planner has its own parser and template to fall back on, and a model
 * answering 429 must not be asked again at once. Each call is bounded by LLM_TIMEOUT_MS (the
 * answer's body included), so a slow model delays a plan by at most that.
 */
export function createLanguageModel(
  settings: AppConfig['llm'],
  log: FastifyBaseLogger,
): LanguageModel | null {
  const { baseUrl, apiKey, model, timeoutMs } = settings;
  if (!baseUrl) return null;
  const url = `${baseUrl}/chat/completions`;

  /** The first choice's text; throws LlmFailure naming what went wrong. */
  async function complete(messages: ChatMessage[], json: boolean): Promise<string> {
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          model,
          messages,
          temperature: 0,
          ...(json ? { response_format: { type: 'json_object' } } : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
        // The key is for LLM_BASE_URL only; a chat-completions API has no reason to redirect.
        redirect: 'error',
      });
      body = await response.text();
    } catch (error) {
      throw new LlmFailure(isTimeout(error) ? 'timeout' : 'network');
    }
    if (!response.ok) throw new LlmFailure(`http ${response.status}`);
    const parsed = ZChatCompletion.safeParse(parseJson(body));
    if (!parsed.success) throw new LlmFailure('malformed response');
    const content = parsed.data.choices[0]?.message.content?.trim();
    if (!content) throw new LlmFailure('empty answer');
    return content;
  }

  /** Runs one call; any failure is one warning line and null. */
  async function attempt<T>(call: Call, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof LlmFailure)) throw error;
      log.warn({ llmCall: call, failure: error.message }, `llm ${call}: ${error.message}`);
      return null;
    }
  }

  return {
    readConstraints: (prompt: string, today: string): Promise<TTourConstraints | null> =>
      attempt('constraints', async () => {
        const content = await complete(constraintsMessages(prompt, today), true);
        const answer = parseJson(content);
        if (answer === undefined) throw new LlmFailure('malformed JSON');
        const constraints = ZTourConstraints.safeParse(answer);
        if (!constraints.success) throw new LlmFailure('schema');
        return constraints.data;
      }),

    writeOutreachEmail: (facts: OutreachFacts): Promise<string | null> =>
      attempt('email', async () => {
        const email = await complete(outreachEmailMessages(facts), false);
        if (unverifiedFigures(email, facts).length > 0) {
          throw new LlmFailure('unverified figures');
        }
        return email;
      }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** AbortSignal.timeout rejects fetch (or the body read) with a DOMException named TimeoutError. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || isTimeout(error.cause));
}
