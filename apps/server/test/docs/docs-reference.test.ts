import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documents are read as a reference: docs/performance.md stays short (the latest figure per
 * bench; the history lives in docs/performance-log/), every decision says whether it holds (accepted), is not built yet
 * (proposed) or was replaced (superseded by NNN),
 * and a link from one document to another lands on a file and a heading that exist.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const skipped = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.') || skipped.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and code spans, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, text = ''] of withoutFences.matchAll(/^#{1,6}[ \t]+(.*?)[ \t#]*$/gm)) {
    const base = text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id = ''] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(id);
  return ids;
}

/** Every link of a document to a place in the repository that does not exist. */
export function brokenLinks(file: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const [, raw = ''] of prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(raw)) continue; // http:, https:, mailto:
    const [pathPart = '', anchor] = raw.split('#');
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const where = `${relative(root, file)} → ${raw}`;
    if (!existsSync(target)) {
      broken.push(`${where} (no such file)`);
    } else if (
      anchor &&
      target.endsWith('.md') &&
      !headingIds(readFileSync(target, 'utf8')).has(anchor)
    ) {
      broken.push(`${where} (no such heading)`);
    }
  }
  return broken;
}

describe('the documents as a reference', () => {
  it('keeps docs/performance.md to 250 lines at most', () => {
    const lines = readFileSync(join(root, 'docs/performance.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  it('gives every decision a Status line: accepted, proposed, or superseded by another decision', () => {
    const dir = join(root, 'docs/decisions');
    const names = readdirSync(dir).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(names.length).toBeGreaterThan(0);
    const numbers = new Set(names.map((name) => name.slice(0, 3)));
    const wrong = names.filter((name) => {
      const status = readFileSync(join(dir, name), 'utf8').match(
        /^Status: (accepted|proposed|superseded by (\d{3}))\b/m,
      );
      return !status || (status[2] !== undefined && !numbers.has(status[2]));
    });
    expect(wrong).toEqual([]);
  });

  it('gives every decision the short form: Context, Decision and Consequences headings', () => {
    const dir = join(root, 'docs/decisions');
    const missing = readdirSync(dir)
      .filter((name) => /^\d{3}-.*\.md$/.test(name))
      .flatMap((name) => {
        const text = readFileSync(join(dir, name), 'utf8');
        return ['Context', 'Decision', 'Consequences']
          .filter((heading) => !new RegExp(`^## ${heading}$`, 'm').test(text))
          .map((heading) => `${name}: ## ${heading}`);
      });
    expect(missing).toEqual([]);
  });

  it('links from a document only to files and headings that exist', () => {
    const broken = markdownFiles(root).flatMap((file) =>
      brokenLinks(file, readFileSync(file, 'utf8')),
    );
    expect(broken).toEqual([]);
  });

  it('finds what the link check is meant to find', () => {
    const file = join(root, 'docs/performance.md');
    expect(brokenLinks(file, '[a](performance-log/README.md)')).toEqual([]);
    expect(brokenLinks(file, '[a](nowhere.md)')).toHaveLength(1);
    expect(brokenLinks(file, '[a](performance-log/README.md#no-such-heading)')).toHaveLength(1);
    expect(brokenLinks(file, '`[a](nowhere.md)` and [b](https://example.com/x.md)')).toEqual([]);
    expect([...headingIds('# A — `npm run x:y`\n## B\n## B')]).toEqual([
      'a--npm-run-xy',
      'b',
      'b-1',
    ]);
  });
});
