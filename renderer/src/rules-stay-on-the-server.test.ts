// @vitest-environment node
// The lint that keeps the server's rules out of the page: it must fail on each of them, or it guards nothing.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(process.cwd()) });

async function complaints(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(process.cwd(), 'src/features/filter/example.tsx') });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the page writes none of the server’s rules', () => {
  it('refuses a tier code, a five-digit pattern and an age limit written in the page', async () => {
    expect(await complaints("export const tiers = ['IO', 'IS'];")).toHaveLength(2);
    expect(await complaints('export const zip = (z: string) => /^\\d{5}$/.test(z);')).toHaveLength(1);
    expect(await complaints("export const zip = new RegExp('^[0-9]{5}$');")).toHaveLength(1);
    expect(await complaints('export const adult = (age: number) => age < 18;')).toHaveLength(1);
  }, 30_000);

  it('lets the page read them from the server', async () => {
    expect(await complaints("export const first = (tiers: { code: string }[]) => tiers[0]?.code ?? '';")).toEqual([]);
  }, 30_000);
});

describe('the page reads through queries', () => {
  it('refuses a read started in an effect', async () => {
    const inEffect = `import { useEffect, useState } from 'react';
      import { api } from '../../lib/api';
      declare function getPlanCart(q: object): Promise<unknown>;
      export function Cart() {
        const [cart, setCart] = useState<unknown>(null);
        useEffect(() => { getPlanCart({}).then(setCart); }, []);
        useEffect(() => { api.get('/get-plan-cart').then(setCart); }, []);
        return cart;
      }`;
    expect(await complaints(inEffect)).toHaveLength(2);
  }, 30_000);

  it('lets a page read with useQuery', async () => {
    const asQuery = `import { useQuery } from '@tanstack/react-query';
      declare function getPlanCart(q: object): Promise<unknown>;
      export function Cart() {
        return useQuery({ queryKey: ['cart'], queryFn: () => getPlanCart({}) }).data;
      }`;
    expect(await complaints(asQuery)).toEqual([]);
  }, 30_000);
});
