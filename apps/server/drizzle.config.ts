import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the tables in src/db/schema. No database connection is needed;
// `npm run db:check` fails when this output would differ from the committed migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
