import { parseTourPrompt } from '/work/wt-planner-core/apps/server/src/domain/tour-planner/parse-prompt.ts';
const today = process.argv[2] ?? '2026-11-27';
for (const p of process.argv.slice(3)) console.log(p, '\n  ', JSON.stringify(parseTourPrompt(p, today)));
