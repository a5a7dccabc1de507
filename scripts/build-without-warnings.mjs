// `npm run build:strict`: the web app's production build (`vite build` in apps/web, then the
// tour-dates widget's `vite build -c vite.embed.config.ts`), failing when
// it prints a warning. Vite and Rolldown write their warnings to stderr (an import that "will
// always be undefined", a chunk over 500 kB, a config option they want set) and the build's
// progress to stdout, so any stderr output is a warning: a build that prints one exits 1 here,
// after passing every line through. `npm test` builds with this; `npm start` keeps the plain
// build, so a new warning never stops the app from starting.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
const vite = join(dirname(createRequire(web).resolve('vite/package.json')), 'bin', 'vite.js');

/**
 * Runs the build (with `args` after `vite build`, and `env` over this process's); resolves with
 * its exit code and what it wrote to stderr.
 */
export function build({ args = [], env = {} } = {}) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [vite, 'build', ...args], {
      cwd: web,
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), stderr }));
  });
}

/** The lines of `stderr` that say something (colour codes and blank lines aside). */
export function warningLines(stderr) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
  const plain = stderr.replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').filter((line) => line.trim() !== '');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The app, then the embeddable tour-dates widget (its own bundle, into the app's dist/embed),
  // as apps/web's `npm run build` does.
  const app = await build();
  if (app.code !== 0) process.exit(app.code);
  const embed = await build({ args: ['-c', 'vite.embed.config.ts'] });
  if (embed.code !== 0) process.exit(embed.code);
  const lines = warningLines(app.stderr + embed.stderr);
  if (lines.length > 0) {
    console.error(
      `\nThe build printed ${lines.length} line(s) of warnings (above, first: "${lines[0].trim()}").` +
        ' Fix each at its cause (README.md, "Build warnings").',
    );
    process.exit(1);
  }
  console.log('The build printed no warnings.');
}
