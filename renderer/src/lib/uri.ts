// The URI resolver the form library uses for schema ids and `$ref`s, in place of fast-uri (a full URI library, about
// 6 KB of a step's compressed script): ajv and rjsf only parse an id, write it back, compare two and resolve a reference
// against a base, and the schemas here name nothing but their own `$defs`, the JSON Schema meta-schemas and rjsf's
// root id. The build resolves their `fast-uri` to this file (vite.config.ts, `smallUriResolver`); uri.test.ts holds it
// to fast-uri's answers for the ids and references they meet.

/** A URI's parts (RFC 3986, appendix B); `fragment` is what ajv reads (a JSON pointer into the schema). */
export interface UriParts {
  scheme?: string;
  host?: string;
  path: string;
  query?: string;
  fragment?: string;
  reference?: string;
  error?: string;
}

const PARTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;

export function parse(uri: string): UriParts {
  const [, scheme, host, path = '', query, fragment] = PARTS.exec(uri) ?? [];
  const parts: UriParts = { scheme: scheme?.toLowerCase(), host: host?.toLowerCase(), path, query, fragment };
  if (parts.scheme === undefined && host === undefined && path === '' && query === undefined) parts.reference = 'same-document';
  return parts;
}

export function serialize(parts: UriParts): string {
  let uri = '';
  if (parts.scheme !== undefined) uri += `${parts.scheme}:`;
  if (parts.host !== undefined) uri += `//${parts.host}`;
  uri += parts.path;
  if (parts.query !== undefined) uri += `?${parts.query}`;
  if (parts.fragment !== undefined) uri += `#${parts.fragment}`;
  return uri;
}

/** RFC 3986 section 5.2.4. */
function withoutDots(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length > 1) out.pop();
      // A path that ends in a dot segment ends in a slash.
      if (last) out.push('');
    } else out.push(segment);
  });
  return out.join('/');
}

/** RFC 3986 section 5.2.3. */
function merge(base: UriParts, path: string): string {
  if (base.host !== undefined && base.path === '') return `/${path}`;
  const slash = base.path.lastIndexOf('/');
  return slash < 0 ? path : base.path.slice(0, slash + 1) + path;
}

/** `relative` resolved against `base` (RFC 3986 section 5.2.2), written out. */
export function resolve(base: string, relative: string): string {
  const b = parse(base);
  const r = parse(relative);
  const t: UriParts = { path: '', fragment: r.fragment };
  if (r.scheme !== undefined) {
    Object.assign(t, { scheme: r.scheme, host: r.host, path: withoutDots(r.path), query: r.query });
  } else if (r.host !== undefined) {
    Object.assign(t, { scheme: b.scheme, host: r.host, path: withoutDots(r.path), query: r.query });
  } else if (r.path === '') {
    Object.assign(t, { scheme: b.scheme, host: b.host, path: b.path, query: r.query ?? b.query });
  } else {
    const path = r.path.startsWith('/') ? r.path : merge(b, r.path);
    // A relative base (rjsf's root id) keeps its leading dots, as fast-uri does.
    Object.assign(t, { scheme: b.scheme, host: b.host, path: b.scheme !== undefined || path.startsWith('/') ? withoutDots(path) : path, query: r.query });
  }
  return serialize(t);
}

/** Whether two URIs name the same thing once written out alike. */
export function equal(a: string | UriParts, b: string | UriParts): boolean {
  const written = (u: string | UriParts) => serialize(typeof u === 'string' ? parse(u) : u);
  return written(a) === written(b);
}

/** fast-uri's shape, for rjsf's default import. */
export default { parse, serialize, resolve, equal };
