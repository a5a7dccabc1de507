// A wait's bound on a quiet slow host, times this run's measured slowdown (the file says how).
export { budget } from '../../scripts/test-budget.ts';
