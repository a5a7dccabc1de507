import type { TTourConstraints } from '@encore/contract';

/**
 * The tour planner's optional language model (docs/areas/tour-planner.md).
 * It only reads and writes words: it turns the prompt into the same constraint object the
 * deterministic parser makes, and phrases the outreach email from facts the planner computed.
 * It never produces a number the plan shows. Every failure (timeout, 429, 5xx, a network error, an
 * answer that is not valid JSON or does not pass the contract's schema) makes the method answer
 * null, logged once in one line without the prompt or any personal data; the caller then uses the
 * planner's own parser or template.
 */
export interface LanguageModel {
  /** The prompt read into constraints (must pass ZTourConstraints), or null. `today`: YYYY-MM-DD. */
  readConstraints(prompt: string, today: string): Promise<TTourConstraints | null>;
  /** The outreach email phrased from the plan's facts, or null. */
  writeOutreachEmail(facts: OutreachFacts): Promise<string | null>;
}

/** What an outreach email may say: every figure and name comes from the plan. */
export interface OutreachFacts {
  artistName: string;
  genres: string[];
  /** How the venue reaches the artist (the performer's booking email and phone). */
  contactEmail: string;
  contactPhone: string | null;
  /** The nights, in route order. `estimatedDemand` null means "few fans" (never a small number). */
  stops: {
    date: string;
    venueName: string;
    city: string;
    state: string;
    estimatedDemand: number | null;
  }[];
}
