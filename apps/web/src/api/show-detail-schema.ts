/**
 * The show page's answer schema, for a module that loads it only when it needs it: the attendance
 * mutation (attendance.ts) runs from the fan dashboard, whose start-up carries no zod (on a slow phone,
 * decision 023); the schema and zod arrive with the fan's first mark.
 */
export { ZShowDetail } from '@encore/contract';
