// What ajv's draft 2020-12 class would add but the store's forms never use, given to it in place of two of its modules
// (vite.config.ts, `slimFormLibrary`): the `discriminator` keyword, which rjsf turns off (`discriminator: false`), and
// the draft 2020-12 meta-schemas, which only checking a schema against JSON Schema itself needs, and that check is off
// (`validateSchema: false`, `meta: false` in schema-form.tsx; the server's schemas are checked where they are made).
// Either one being asked for is a change of those settings: it fails loudly rather than checking nothing.
export default function unused(): never {
  throw new Error('ajv: the discriminator keyword and the meta-schemas are left out of this build (vite.config.ts)');
}
