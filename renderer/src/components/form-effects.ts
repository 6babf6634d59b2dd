// Effects a field's schema asks for when its value changes, so a step needs no code of its own:
// - `x-copy` on a checkbox: ticking it copies those values into their fields (Billing's 'Choose physical address'
//   copies the contact address); unticking clears them for the person to type.
// - `x-copy-choices` on a choice: choosing one copies its values (a bank account or card on file); choosing another
//   (a new one) clears them.
// - `x-fills` on a field: once its value is well formed, a lookup call names another field's value (the routing
//   number names the bank); a failed lookup shows its message and clears that field.
import type { RJSFSchema } from '@rjsf/utils';
import { everyProperty } from './field-messages';

type Data = Record<string, unknown>;

interface Fills {
  call: string;
  param: string;
  value: string;
  into: string;
}

export interface Lookup {
  field: string;
  path: string;
  value: string;
  into: string;
}

type Effective = RJSFSchema & { 'x-copy'?: Data; 'x-copy-choices'?: Record<string, Data>; 'x-fills'?: Fills };

/** The schema's own properties and those its conditions add (Billing's card fields appear once Credit Card is chosen). */
function properties(schema: RJSFSchema): Record<string, Effective> {
  return everyProperty(schema) as Record<string, Effective>;
}

/** `next` with the copies its ticked or unticked boxes ask for. */
export function applyCopies(schema: RJSFSchema, previous: Data, next: Data): Data {
  let result = next;
  for (const [name, prop] of Object.entries(properties(schema))) {
    if (next[name] === previous[name]) continue;
    const copy = prop['x-copy'];
    if (copy) {
      result = { ...result };
      for (const [key, value] of Object.entries(copy)) {
        if (next[name] === true) result[key] = value;
        else delete result[key];
      }
    }
    const choices = prop['x-copy-choices'];
    if (choices) {
      result = { ...result };
      const all = new Set(Object.values(choices).flatMap((values) => Object.keys(values)));
      for (const key of all) delete result[key];
      Object.assign(result, choices[String(next[name])] ?? {});
    }
  }
  return result;
}

/** The lookups to run because a field with `x-fills` changed to a well-formed value; `clear` lists fields to empty. */
export function lookupsFor(schema: RJSFSchema, previous: Data, next: Data): { run: Lookup[]; clear: string[] } {
  const run: Lookup[] = [];
  const clear: string[] = [];
  for (const [name, prop] of Object.entries(properties(schema))) {
    const fills = prop['x-fills'];
    if (!fills || next[name] === previous[name]) continue;
    const value = typeof next[name] === 'string' ? (next[name] as string) : '';
    if (prop.pattern && new RegExp(prop.pattern).test(value)) {
      run.push({ field: name, path: `/${fills.call}?${fills.param}=${encodeURIComponent(value)}`, value: fills.value, into: fills.into });
    } else {
      clear.push(fills.into);
    }
  }
  return { run, clear };
}

/** The value at a dotted path of a lookup's answer ("response.name"). */
export function valueAt(answer: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Data)[key] : undefined), answer);
}
