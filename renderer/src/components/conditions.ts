// Fields that exist only under a condition. The server states a condition as `allOf: [{ if, then }]`; a field it adds
// sits in `then.properties` and rjsf draws it only while the `if` holds. Some forms state the condition as a field
// that `then` only makes required (Personal Information's prior carrier, the ethnic group's "Other"): such a field has
// no meaning when the condition fails, so it is moved under the condition here and drawn the same way. Generic: no
// form or field is named.
import type { RJSFSchema } from '@rjsf/utils';
import { type Checked, checksOf } from '../lib/checks';

type Properties = Record<string, RJSFSchema>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields an `x-checks` rule ties to another (an `after` check: a term date after an effective date): they
 * follow that field's condition. */
function tiedTo(prop: RJSFSchema): string[] {
  return checksOf(prop as Checked).flatMap((c) => (c.check === 'after' ? [c.field] : []));
}

/**
 * The schema with each field that only a condition requires (and not the form itself) moved into that condition's
 * `then.properties`, together with fields whose checks refer to it; nested objects are treated the same way.
 */
export function revealConditionally(schema: RJSFSchema): RJSFSchema {
  if (!isObject(schema)) return schema;
  let properties = isObject(schema.properties) ? (schema.properties as Properties) : undefined;
  if (properties) {
    properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, isObject(v) ? revealConditionally(v) : v]));
  }
  const rules = Array.isArray(schema.allOf) ? (schema.allOf as RJSFSchema[]) : null;
  if (!properties || !rules) return properties ? { ...schema, properties } : schema;

  const always = new Set((schema.required ?? []) as string[]);
  const remaining: Properties = { ...properties };
  const allOf = rules.map((rule) => {
    if (!isObject(rule) || !isObject(rule.if) || !isObject(rule.then)) return rule;
    const then = rule.then as RJSFSchema;
    const moved: Properties = {};
    for (const name of (then.required ?? []) as string[]) {
      if (always.has(name) || !remaining[name]) continue;
      moved[name] = remaining[name];
      delete remaining[name];
    }
    for (const [name, prop] of Object.entries(remaining)) {
      if (!always.has(name) && tiedTo(prop).some((field) => field in moved)) {
        moved[name] = prop;
        delete remaining[name];
      }
    }
    if (Object.keys(moved).length === 0) return rule;
    // What the condition itself says of a moved field (a box that must then be ticked: `const: true`) is kept.
    const stated = (then.properties ?? {}) as Properties;
    const merged = Object.fromEntries(Object.entries(moved).map(([name, prop]) => [name, { ...prop, ...(isObject(stated[name]) ? stated[name] : {}) }]));
    return { ...rule, then: { ...then, properties: { ...stated, ...merged } } };
  });
  return { ...schema, properties: remaining, allOf };
}
