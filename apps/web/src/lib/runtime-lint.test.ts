import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { budget } from '../../../../scripts/test-budget.ts';

// Decision 032 keeps the way back to React open: the code runs on both runtimes, so biome refuses
// what works on one only (lint/runtime-neutral.grit, a plugin of apps/web/biome.json). This
// proves each refusal on a file that uses it, in the repository's own configuration.

const web = join(import.meta.dirname, '../..');
const root = join(web, '../..');
const requireHere = createRequire(join(web, 'package.json'));
const run = promisify(execFile);

type Diagnostic = { category: string; message: string; location: { start: { line: number } } };

/** biome's diagnostics for `source`, linted as a file of apps/web/src with the repo's config. */
async function lint(source: string): Promise<Diagnostic[]> {
  // biome lints a named file only (standard input gets no diagnostics), so the source is written
  // beside the app's code for the run: the nested config and its plugin apply there.
  const file = join(web, `src/lib/runtime-lint-sample-${process.pid}.tsx`);
  writeFileSync(file, source);
  try {
    const biome = requireHere.resolve('@biomejs/biome/bin/biome');
    const { stdout } = await run(biome, ['lint', '--reporter=json', file], { cwd: root }).catch(
      (failed: { stdout?: string }) => ({ stdout: failed.stdout ?? '' }), // exit 1: it found some
    );
    return (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  } finally {
    rmSync(file, { force: true });
  }
}

/** The lines the plugin refused, in order. */
const refusedLines = (diagnostics: Diagnostic[]) =>
  diagnostics.filter((d) => d.category === 'plugin').map((d) => d.location.start.line);

describe('biome, on code that would work on one runtime only', () => {
  it(
    'refuses autoFocus, form actions and the React 19 APIs preact/compat lacks, line by line',
    async () => {
      const diagnostics = await lint(
        [
          "import * as React from 'react';", // 1
          "import { use, useOptimistic, useState } from 'react';", // 2: two refusals
          "import { useFormStatus } from 'react-dom';", // 3
          'export function Sample({ answer }: { answer: Promise<string> }) {', // 4
          '  const [count] = useState(0);', // 5: fine on both
          '  const text = use(answer);', // 6: already refused at its import
          '  const shown = React.useActionState;', // 7
          '  const [held] = useOptimistic(count);', // 8
          '  const status = useFormStatus();', // 9
          '  return (', // 10
          '    <form action={() => {}}>', // 11
          '      <input aria-label="a" autoFocus />', // 12
          '      <dialog><input aria-label="b" autoFocus={true} /></dialog>', // 13
          '      <button type="submit" formAction={() => {}}>Go</button>', // 14
          '      {text}{String(shown)}{held}{String(status)}', // 15
          '    </form>', // 16
          '  );', // 17
          '}', // 18
          'export const Plain = () => <form action="/search" method="get" />;', // 19: a URL is fine
          '',
        ].join('\n'),
      );
      expect(refusedLines(diagnostics)).toEqual([2, 2, 3, 7, 11, 12, 13, 14]);
      // A plugin that fails to run reports as information, not an error: none may.
      expect(
        diagnostics.filter((d) => d.category === 'plugin' && /errored/.test(d.message)),
      ).toEqual([]);
    },
    budget(20_000),
  );

  it('refuses every export of React and React DOM that preact/compat lacks', () => {
    // Read with Node's own require: in this test run `react` is aliased to Preact.
    const react = Object.keys(requireHere('react'));
    const reactDom = Object.keys(requireHere('react-dom'));
    const compat = new Set(Object.keys(requireHere('preact/compat')));
    const internal = /^__|^version$/;
    const missing = [...new Set([...react, ...reactDom])].filter(
      (name) => !compat.has(name) && !internal.test(name),
    );
    const grit = readFileSync(join(web, 'lint/runtime-neutral.grit'), 'utf8');
    const listed = grit
      .match(/pattern react_only_name\(\) \{\s*r"\(\?:([^)]*)\)"/)?.[1]
      ?.split('|');
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.filter((name) => !listed?.includes(name))).toEqual([]);
  });
});

describe('the libraries that run on either runtime', () => {
  it('are pinned to the exact version installed, with React itself', () => {
    // Their compatibility with preact/compat is proved by our tests, not promised by them
    // (decision 032): an upgrade is a change of its own, run on both runtimes (CONTRIBUTING.md).
    const manifest = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const wanted = { ...manifest.dependencies, ...manifest.devDependencies };
    // Read from node_modules by path: some packages' `exports` hide their package.json.
    const installed = (name: string) => {
      const nested = join(web, 'node_modules', name, 'package.json');
      const path = existsSync(nested) ? nested : join(root, 'node_modules', name, 'package.json');
      return JSON.parse(readFileSync(path, 'utf8')) as {
        version: string;
        peerDependencies?: Record<string, string>;
      };
    };
    const onReact = Object.keys(wanted).filter(
      (name) =>
        name === 'react' ||
        name === 'react-dom' ||
        Object.keys(installed(name).peerDependencies ?? {}).some((peer) =>
          ['react', 'react-dom', 'react-hook-form'].includes(peer),
        ),
    );
    expect(onReact).toEqual(expect.arrayContaining(['radix-ui', 'react-router', 'sonner']));
    const loose = onReact
      .filter((name) => wanted[name] !== installed(name).version)
      .map((name) => `${name}: "${wanted[name]}", installed ${installed(name).version}`);
    expect(loose).toEqual([]);
  });
});
