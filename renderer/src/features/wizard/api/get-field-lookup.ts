import { callNamedByServer } from '../../../lib/api';

/**
 * A lookup a field's schema names (`x-fills`: the routing number names the bank), at the path the form composed from
 * the schema (`/routing-number-bank-lookup?q=061271001`); the schema also says which value of the answer to take.
 */
export function getFieldLookup(path: string): Promise<unknown> {
  return callNamedByServer('GET', path);
}
