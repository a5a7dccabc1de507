import {
  TOUR_PLANNER_MESSAGES as M,
  PROFILE_EXTRA_MESSAGES,
  type TTourConstraints,
  type TTourPlan,
  type TTourPlanSummary,
  ZTourConstraints,
} from '@encore/contract';
import type { LanguageModel } from '../adapters/llm/language-model.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { describeConstraints, outreachEmailTemplate } from '../domain/tour-planner/describe.ts';
import { parseTourPrompt } from '../domain/tour-planner/parse-prompt.ts';
import { planTour, resolveConstraints } from '../domain/tour-planner/plan-tour.ts';
import { outreachFacts, planName, routeExplanation } from '../domain/tour-planner/plan-words.ts';
import { promptDatesProblem } from '../domain/tour-planner/plannable-dates.ts';
import type { PlannerArtist } from '../domain/tour-planner/types.ts';
import { AppError } from '../http/app-error.ts';
import type { PlannerWorldRepo } from '../repositories/tour-planner/planner-world.repo.ts';
import type {
  BookingContacts,
  StoredTourPlan,
  TourPlanResult,
  TourPlansRepo,
} from '../repositories/tour-planner/tour-plans.repo.ts';

export type TourPlannerDeps = {
  world: PlannerWorldRepo;
  plans: TourPlansRepo;
  /** The optional language model; null when none is configured (the planner needs none). */
  model: LanguageModel | null;
  now?: () => Date;
};

const notFound = () => new AppError('NOT_FOUND', M.planNotFound);

/**
 * The tour planner: reads the prompt into constraints (the model when configured and
 * its answer passes the contract's schema, else the deterministic parser), fills the defaults,
 * loads the world (venues, demand, calibration: aggregates only), plans, words the result and
 * saves it. A plan that cannot be made is a 422 naming the constraint, and nothing is saved.
 * Plans are their performer's only: anyone else's id is simply not found. Venues' booking
 * contacts are never stored with a plan: they are added as it is read, for a performer whose
 * email is verified (readable).
 */
export function createTourPlanner({
  world,
  plans,
  model,
  now = () => new Date(),
}: TourPlannerDeps) {
  const today = () => now().toISOString().slice(0, 10);

  function performerOnly(user: SessionUser) {
    if (user.role !== 'performer') throw new AppError('FORBIDDEN', M.performersOnly);
  }

  /** Planning needs the performer's profile (genres, capacity, contact). */
  async function artistOf(user: SessionUser): Promise<PlannerArtist> {
    performerOnly(user);
    const artist = await world.loadArtist(user.id);
    if (!artist) throw new AppError('PROFILE_REQUIRED', PROFILE_EXTRA_MESSAGES.profileMissing);
    return artist;
  }

  /**
   * The model's reading when it passes the contract's schema, else the parser's; a date the
   * parser read outside the shows' window is the prompt's field error (promptDatesProblem).
   */
  async function readPrompt(prompt: string, day: string): Promise<TTourConstraints> {
    const read = model ? await model.readConstraints(prompt, day) : null;
    const checked = read === null ? null : ZTourConstraints.safeParse(read);
    if (checked?.success) return checked.data;
    const parsed = parseTourPrompt(prompt, day);
    const problem = promptDatesProblem(parsed, day);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { fields: { prompt: problem } });
    return parsed;
  }

  /** Everything a plan stores besides its name and prompt; throws PLAN_UNSATISFIABLE. */
  async function makePlan(
    artist: PlannerArtist,
    said: TTourConstraints,
    day: string,
  ): Promise<TourPlanResult> {
    const resolved = resolveConstraints(said, artist, day);
    const outcome = planTour(await world.loadWorld(artist, resolved), resolved);
    if (!outcome.ok) {
      throw new AppError('PLAN_UNSATISFIABLE', outcome.message, {
        fields: { [outcome.field]: outcome.message },
        // The correction form starts from what was understood, not from empty fields.
        detail: { constraints: said },
      });
    }
    const written = model ? await model.writeOutreachEmail(outreachFacts(artist, outcome)) : null;
    return {
      resolved,
      understood: describeConstraints(said, resolved),
      venues: outcome.venues,
      route: outcome.route,
      tourOptimization: {
        routeEfficiency: outcome.routeEfficiency,
        totalDistance: outcome.totalDistance,
        estimatedRevenue: outcome.estimatedRevenue,
        explanation: routeExplanation(outcome),
      },
      outreachEmail: written?.trim() ? written : outreachEmailTemplate(artist, outcome),
    };
  }

  /**
   * A stored plan as its performer may see it: each venue's booking email and phone, as the venue
   * has them now, only when the performer's email is verified; else null, and `contactsHidden`
   * so the planner says why (second security probe, finding 5: a fresh account got ten venues' contacts a
   * plan). Decided on every read, so a plan made before verifying shows them once verified, and
   * whatever an older plan stored is replaced.
   */
  async function readable(user: SessionUser, stored: StoredTourPlan): Promise<TTourPlan> {
    const contacts = user.emailVerified
      ? await plans.bookingContacts(stored.venues.map((venue) => venue.venueId))
      : new Map<string, BookingContacts>();
    return {
      ...stored,
      venues: stored.venues.map((venue) => ({
        ...venue,
        contactEmail: contacts.get(venue.venueId)?.contactEmail ?? null,
        bookingPhone: contacts.get(venue.venueId)?.bookingPhone ?? null,
      })),
      contactsHidden: !user.emailVerified,
    };
  }

  async function ownPlan(user: SessionUser, id: string): Promise<TTourPlan> {
    performerOnly(user);
    const plan = await plans.get(user.id, id);
    if (!plan) throw notFound();
    return readable(user, plan);
  }

  return {
    /** Plan from the prompt, or from constraints the performer corrected, and save it. */
    async plan(
      user: SessionUser,
      input: { prompt: string; constraints?: TTourConstraints | undefined },
    ): Promise<TTourPlan> {
      const artist = await artistOf(user);
      const day = today();
      const said = input.constraints ?? (await readPrompt(input.prompt, day));
      const result = await makePlan(artist, said, day);
      const saved = await plans.insert(user.id, {
        name: planName(said, result),
        prompt: input.prompt,
        constraints: said,
        result,
      });
      return readable(user, saved);
    },

    /** Plan a saved plan again from the constraints as given; its id, name and prompt stay. */
    async rerun(user: SessionUser, id: string, constraints: TTourConstraints): Promise<TTourPlan> {
      const artist = await artistOf(user);
      if (!(await plans.get(user.id, id))) throw notFound();
      const result = await makePlan(artist, constraints, today());
      const plan = await plans.update(user.id, id, { constraints, result });
      if (!plan) throw notFound();
      return readable(user, plan);
    },

    async rename(user: SessionUser, id: string, name: string): Promise<TTourPlan> {
      performerOnly(user);
      const plan = await plans.rename(user.id, id, name);
      if (!plan) throw notFound();
      return readable(user, plan);
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      performerOnly(user);
      if (!(await plans.remove(user.id, id))) throw notFound();
    },

    async list(user: SessionUser): Promise<{ plans: TTourPlanSummary[] }> {
      performerOnly(user);
      return { plans: await plans.list(user.id) };
    },

    get: ownPlan,
  };
}

export type TourPlanner = ReturnType<typeof createTourPlanner>;
