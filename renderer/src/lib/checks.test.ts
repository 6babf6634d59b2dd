import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Check, SERVER_ONLY, problem } from './checks';

interface Case {
  check: Check;
  value: unknown;
  siblings?: Record<string, unknown>;
  messages?: Record<string, string>;
  expected: string | null;
}

// The table the engine runs too (engine/tests/checks.rs): the server and the browser answer each case alike.
const table = JSON.parse(readFileSync(resolve(process.cwd(), '../engine/tests/checks.cases.json'), 'utf8')) as { cases: Case[] };

describe('the typed checks of x-checks', () => {
  const cases = table.cases.filter((c) => !SERVER_ONLY.includes(c.check.check));
  it.each(cases.map((c) => [`${c.check.check} ${JSON.stringify(c.value)}`, c] as const))('%s answers as the engine does', (_, c) => {
    expect(problem(c.check, { 'x-messages': c.messages }, c.value, c.siblings ?? {}, [2026, 11, 25])).toBe(c.expected);
  });

  it('leaves out only the checks the server alone makes', () => {
    expect(table.cases.length - cases.length).toBe(table.cases.filter((c) => c.check.check === 'ink').length);
  });
});
