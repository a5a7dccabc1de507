// npm test's step runner (scripts/test-steps.mjs) running step.mjs, then a second step; prints
// each step's outcome. The marker (argv[2]) names every process this starts.
import { fileURLToPath } from 'node:url';
import { createStepRunner } from '../../../../../../scripts/test-steps.mjs';

const marker = process.argv[2];
const runner = createStepRunner({ cwd: process.cwd(), env: process.env });
const step = fileURLToPath(new URL('./step.mjs', import.meta.url));
const first = await runner.run(process.execPath, [step, marker]);
const second = await runner.run(process.execPath, ['-e', 'console.log("second step ran")']);
console.log(`outcomes ${JSON.stringify([first, second])}`);
process.exit(runner.stoppedBy() ? runner.stoppedExitCode() : 0);
