import { STATUS_CODES } from 'node:http';
import {
  ERROR_STATUS,
  ZApiError,
  ZArtistAlert,
  ZAttendee,
  ZAuthResponse,
  ZBookingRequest,
  ZBookingRequestResponse,
  ZCalendarFeed,
  ZDashboardShowLists,
  ZDirectoryList,
  ZDiscoveredArtist,
  ZEmailChangeState,
  ZFanHomeShow,
  ZFanLocationState,
  ZFanPlaces,
  ZFanProfileResponse,
  ZFanSettings,
  ZFanShow,
  ZHealthResponse,
  ZOwnShow,
  ZPalFan,
  ZPalRelationResult,
  ZPalsGoing,
  ZPerformerProfileResponse,
  ZSavedTourConstraints,
  ZSessionUser,
  ZShow,
  ZShowConfirmation,
  ZShowDetail,
  ZShowRequestState,
  ZShowResponse,
  ZSpotifyArtists,
  ZSupportingAct,
  ZTourCity,
  ZTourDates,
  ZTourPlan,
  ZTourVenue,
  ZUpcomingDashboardShow,
  ZVenueProfileResponse,
} from '@encore/contract';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The answers several operations share, written once under `components.schemas` and referred to
 * with `$ref` wherever a route's response uses that schema: the same instance, for a copy made
 * with `.extend()` or `.pick()` is a schema of its own and is written out where it is used.
 * Inlined, the error body alone was 436 copies, 60% of a 667 KB document (decision 039).
 * test/platform/openapi-size.test.ts holds the document to its budget: when it fails, the
 * biggest repeated answer belongs here. Request bodies and parameters stay inline (see
 * `answerTransform`).
 */
const SHARED: [z.ZodType, string][] = [
  [ZApiError, 'ApiError'],
  [ZShow, 'Show'],
  [ZOwnShow, 'OwnShow'],
  [ZShowResponse, 'ShowResponse'],
  [ZSupportingAct, 'SupportingAct'],
  [ZShowConfirmation, 'ShowConfirmation'],
  [ZTourPlan, 'TourPlan'],
  [ZSavedTourConstraints, 'SavedTourConstraints'],
  [ZTourCity, 'TourCity'],
  [ZTourVenue, 'TourVenue'],
  [ZBookingRequest, 'BookingRequest'],
  [ZBookingRequestResponse, 'BookingRequestResponse'],
  [ZFanProfileResponse, 'FanProfileResponse'],
  [ZPerformerProfileResponse, 'PerformerProfileResponse'],
  [ZVenueProfileResponse, 'VenueProfileResponse'],
  [ZPalsGoing, 'PalsGoing'],
  [ZFanHomeShow, 'FanHomeShow'],
  [ZFanShow, 'FanShow'],
  [ZShowDetail, 'ShowDetail'],
  [ZAttendee, 'Attendee'],
  [ZFanSettings, 'FanSettings'],
  [ZFanLocationState, 'FanLocationState'],
  [ZFanPlaces, 'FanPlaces'],
  [ZDiscoveredArtist, 'DiscoveredArtist'],
  [ZPalFan, 'PalFan'],
  [ZPalRelationResult, 'PalRelationResult'],
  [ZUpcomingDashboardShow, 'UpcomingDashboardShow'],
  [ZDashboardShowLists, 'DashboardShowLists'],
  [ZShowRequestState, 'ShowRequestState'],
  [ZTourDates, 'TourDates'],
  [ZEmailChangeState, 'EmailChangeState'],
  // Shared to make room for the show import's operations (decision 050).
  [ZArtistAlert, 'ArtistAlert'],
  [ZSessionUser, 'SessionUser'],
  [ZAuthResponse, 'AuthResponse'],
  [ZSpotifyArtists, 'SpotifyArtists'],
  [ZHealthResponse, 'HealthResponse'],
  [ZCalendarFeed, 'CalendarFeed'],
  [ZDirectoryList, 'DirectoryList'],
];

const sharedAnswers = z.registry<{ id: string }>();
for (const [schema, id] of SHARED) sharedAnswers.add(schema, { id });

/**
 * Converts a route's JSON responses, a shared schema as its `$ref`. Only responses: request
 * bodies and parameters are what a client, the fuzzer (test/support/fuzz) and the security scan
 * (scripts/scan-security) build requests from, so each stays whole where it is used.
 */
export const answerTransform = createJsonSchemaTransform({ schemaRegistry: sharedAnswers });

const sharedSchemas = createJsonSchemaTransformObject({ schemaRegistry: sharedAnswers });

type DocumentInput = Parameters<typeof sharedSchemas>[0];
type Answer = { description?: string; content?: Record<string, { schema?: unknown }> };
type Document = {
  paths?: Record<string, Record<string, { responses?: Record<string, Answer | { $ref: string }> }>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses?: Record<string, Answer>;
  };
};

const API_ERROR_REF = '#/components/schemas/ApiError';

/**
 * The whole document's last step (@fastify/swagger's `transformObject`): the shared schemas under
 * `components.schemas`, and each error answer (an `ApiError` body under the default description)
 * as a `$ref` to one response per status, which names the error codes sent with it.
 */
export function withSharedComponents(input: DocumentInput): ReturnType<typeof sharedSchemas> {
  const document = sharedSchemas(input) as unknown as Document;
  const schemas = document.components.schemas;
  for (const [id, schema] of Object.entries(schemas)) {
    // The converter writes each shared schema as an input (`<id>Input`) as well, which no
    // response uses; and its `$schema` and `$id` are for a standalone JSON Schema.
    if (id.endsWith('Input') && schemas[id.slice(0, -'Input'.length)]) delete schemas[id];
    delete schema.$schema;
    delete schema.$id;
  }
  dropSafeIntegerBounds(schemas);
  const errors: Record<string, Answer> = {};
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      dropSafeIntegerBounds(operation.responses);
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!operation.responses) continue;
        if (!isPlainErrorAnswer(answer)) {
          // The status's own name ('OK', 'Created') says as much as the converter's 'Default
          // Response', in a fraction of the bytes over some 200 answers.
          if (!('$ref' in answer) && answer.description === 'Default Response') {
            answer.description = STATUS_CODES[Number(status)] ?? answer.description;
          }
          continue;
        }
        const name = errorAnswerName(status);
        errors[name] ??= errorAnswer(status);
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  document.components.responses = { ...document.components.responses, ...errors };
  return document as unknown as ReturnType<typeof sharedSchemas>;
}

function isPlainErrorAnswer(answer: Answer | { $ref: string }): boolean {
  if ('$ref' in answer || answer.description !== 'Default Response') return false;
  const types = Object.keys(answer.content ?? {});
  const schema = answer.content?.['application/json']?.schema as { $ref?: string } | undefined;
  return types.length === 1 && schema?.$ref === API_ERROR_REF && Object.keys(schema).length === 1;
}

/** 404 -> `NotFound`, as HTTP names the status. */
function errorAnswerName(status: string): string {
  return (STATUS_CODES[Number(status)] ?? `Status ${status}`).replace(/[^A-Za-z0-9]+/g, '');
}

function errorAnswer(status: string): Answer {
  const codes = Object.entries(ERROR_STATUS)
    .filter(([, code]) => String(code) === status)
    .map(([name]) => `\`${name}\``);
  const text = STATUS_CODES[Number(status)] ?? `Status ${status}`;
  return {
    description: codes.length > 0 ? `${text}: \`error.code\` is ${codes.join(', ')}.` : text,
    content: { 'application/json': { schema: { $ref: API_ERROR_REF } } },
  };
}

/**
 * zod 4 writes every `.int()` as JavaScript's safe-integer range (`minimum: -9007199254740991`,
 * `maximum: 9007199254740991`): in an answer that says nothing a client can use, and it was 7 KB of
 * the document. Answers and shared schemas only: request bodies and parameters stay whole (the
 * fuzzer builds requests from them).
 */
function dropSafeIntegerBounds(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) dropSafeIntegerBounds(item);
    return;
  }
  const node = value as Record<string, unknown>;
  if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
  if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  for (const child of Object.values(node)) dropSafeIntegerBounds(child);
}
