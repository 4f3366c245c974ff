import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's folder READMEs are the map a newcomer reads first: they must name what is there, and
// only that, and say truthfully how the plugins are built.

const here = import.meta.dirname;

/** The first column of a Markdown table: the file or folder names in backticks. */
function tableNames(readme: string): string[] {
  return [...readme.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1]!);
}

describe('apps/server/src READMEs', () => {
  it('plugins/README.md has a row for each file in plugins/, and no other', () => {
    const readme = readFileSync(join(here, 'plugins/README.md'), 'utf8');
    const files = readdirSync(join(here, 'plugins')).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    expect(tableNames(readme).sort()).toEqual(files.sort());
  });

  it('plugins/README.md names, before its table, each plugin that is not wrapped with fastify-plugin', () => {
    const readme = readFileSync(join(here, 'plugins/README.md'), 'utf8');
    const intro = readme.slice(0, readme.indexOf('|'));
    const unwrapped = readdirSync(join(here, 'plugins')).filter((file) => {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) return false;
      const source = readFileSync(join(here, 'plugins', file), 'utf8');
      return /export (async )?function \w+Plugin\(/.test(source);
    });
    expect(unwrapped.length).toBeGreaterThan(0);
    for (const file of unwrapped) expect(intro, file).toContain(`\`${file}\``);
  });

  it('modules/README.md has a row for each module folder, and no other', () => {
    const readme = readFileSync(join(here, 'modules/README.md'), 'utf8');
    const folders = readdirSync(join(here, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(tableNames(readme).sort()).toEqual(folders.sort());
  });
});
