import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inList } from './in-list.ts';

describe('CHECK lists', () => {
  it('renders a closed set as an SQL list, quoting text safely', () => {
    const render = (values: readonly (string | number)[]) => new PgDialect().sqlToQuery(inList(values)).sql;
    expect(render(['Small', 'One Size Fits All'])).toBe("('Small', 'One Size Fits All')");
    expect(render([0, 1, 2])).toBe('(0, 1, 2)');
    expect(render(["O'Brien"])).toBe("('O''Brien')");
  });

  it('come from the contract in every schema file: no list of values written out by hand', () => {
    const dir = import.meta.dirname;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/\bin \((['\d])/);
    }
  });
});
