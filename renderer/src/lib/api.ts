import type { ErrorSchema } from '@rjsf/utils';
import type { components, paths } from './contract';

// The one HTTP client and the only caller of fetch: sends the session cookie, unwraps the spec's envelope, and turns an
// error envelope into an ApiError that carries the field messages. Each server call is a function of its own in the
// api/ folder of the feature that makes it.
//
// Why calls are typed from the OpenAPI document: the server generates api/openapi.json from its Rust types, and
// `npm run contract` turns it into contract.d.ts before every typecheck and build. A call is named by the document's
// path and method, and its path parameters, query and JSON body are checked against the document, so a contract
// change the renderer does not follow (a call renamed or removed, a field or parameter renamed, a type changed) fails
// the build rather than a person's enrollment. The answer is typed from the document too: a call answers the `data` of
// its 200 response's envelope (`Answer`), so a field the renderer reads and the server no longer sends, or now sends
// as null, fails the build as well.

export interface FieldError {
  target_element: string;
  error_message: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly fields: FieldError[];
  readonly code?: string;
  /** The whole answer: a coded refusal carries more (changePid's pid, the prices beside Enroll Now). */
  readonly extra: Record<string, unknown>;

  constructor(statusCode: number, message: string, fields: FieldError[], code?: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.fields = fields;
    this.code = code;
    this.extra = extra;
  }

  /** Messages by field name, in the shape of rjsf's extraErrors (an ErrorSchema). */
  errorSchema(): ErrorSchema {
    const schema: Record<string, { __errors: string[] }> = {};
    for (const f of this.fields) {
      const key = f.target_element || 'form';
      (schema[key] ??= { __errors: [] }).__errors.push(f.error_message);
    }
    return schema as unknown as ErrorSchema;
  }

  messageFor(field: string): string | undefined {
    return this.fields.find((f) => f.target_element === field)?.error_message;
  }
}

export type Method = 'get' | 'post' | 'put' | 'delete';

// The types below are written over any OpenAPI document's generated `paths` (`Ps`), so that the second root's document
// (the benefit service, benefit-contract.d.ts) is checked the same way; the names without `In` are the api's own.

/** The paths of document `Ps` that answer method `M`. */
export type PathIn<Ps, M extends Method> = { [P in keyof Ps]: Ps[P] extends Record<M, object> ? P : never }[keyof Ps];

type OperationIn<Ps, P extends keyof Ps, M extends Method> = Ps[P] extends Record<M, infer Op> ? Op : never;

type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type PathParamsOf<Op> = Op extends { parameters: { path?: infer T } } ? NonNullable<T> : never;
// A body of bytes (a document a member sends) is given as the file itself.
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { requestBody: { content: { 'application/octet-stream': unknown } } }
    ? Blob
    : never;
/** The whole JSON of a 200 answer (a call answered outside the envelope reads this). */
type ContentOf<Op> = Op extends { responses: { 200: { content: { 'application/json': infer C } } } } ? C : never;
type DataOf<Op> = ContentOf<Op> extends { data: infer D } ? D : never;

/** The document's paths (relative to /api/v1) that answer method `M`. */
export type PathWith<M extends Method> = PathIn<paths, M>;

/** A call's query parameters as the document lists them (never when it has none). */
export type Query<P extends PathWith<M>, M extends Method = 'get'> = QueryOf<OperationIn<paths, P, M>>;

/** A call's path parameters as the document lists them (never when it has none). */
export type PathParams<P extends PathWith<M>, M extends Method = 'get'> = PathParamsOf<OperationIn<paths, P, M>>;

/** A call's JSON body as the document describes it (never when it takes none). */
export type Body<P extends PathWith<M>, M extends Method = 'post'> = BodyOf<OperationIn<paths, P, M>>;

// What the document does not list may not be given (`?: never`); what it lists is optional or required as it says.
type Slot<K extends 'path' | 'query' | 'body', T> = [T] extends [never]
  ? { [_ in K]?: never }
  : Partial<T> extends T
    ? { [_ in K]?: T }
    : { [_ in K]: T };

type OptionsOf<Op> = Slot<'path', PathParamsOf<Op>> &
  Slot<'query', QueryOf<Op>> &
  Slot<'body', BodyOf<Op>> & { headers?: Record<string, string>; onUpload?: Uploaded };

/** How much of a file body has gone (bytes of `total`), told as it goes. */
export type Uploaded = (sent: number, total: number) => void;

/**
 * What a call is given besides its path: `path`, `query` and `body`, each as the document has it, any further request
 * `headers` (the site settings' basic authorization), and `onUpload`, told how much of a file body has gone.
 */
export type CallOptions<P extends PathWith<M>, M extends Method> = OptionsOf<OperationIn<paths, P, M>>;

// The options may be left out only when nothing in them is required.
type OptionsArgument<O> = Partial<O> extends O ? [options?: O] : [options: O];

/** A schema of the document by name, as the server's types generate it: `Schema<'CartAnswer'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

/**
 * What a call answers: the `data` of its 200 response's envelope, as the document types it (`Answer<'/get-plan-cart'>`,
 * `Answer<'/cart-checkout', 'post'>`). A call the document also lets answer 204 (validate-group for an unknown code,
 * get-aflac-questions for a plan that asks nothing) still answers only this: a 204 carries no envelope, and the client
 * rejects it as an ApiError whose statusCode is 204, so no caller is ever handed an empty answer.
 */
export type Answer<P extends PathWith<M>, M extends Method = 'get'> = DataOf<OperationIn<paths, P, M>>;

/** The same of document `Ps`: what its call answers (`data`), and the whole answer of a call outside the envelope. */
export type AnswerIn<Ps, P extends PathIn<Ps, M>, M extends Method = 'get'> = DataOf<OperationIn<Ps, P, M>>;
export type ContentIn<Ps, P extends PathIn<Ps, M>, M extends Method = 'get'> = ContentOf<OperationIn<Ps, P, M>>;
export type BodyIn<Ps, P extends PathIn<Ps, M>, M extends Method = 'post'> = BodyOf<OperationIn<Ps, P, M>>;

/** The document's `servers[0].url`: its paths are relative to it, and so are the page's requests (same origin). */
const BASE = '/api/v1';

interface Envelope<T> {
  status: 'success' | 'error';
  statusCode?: number;
  message?: string;
  code?: string;
  data: T;
}

interface Wire {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  onUpload?: Uploaded;
}

/** An answer as it came: its status and its text. */
interface Reply {
  status: number;
  ok: boolean;
  text: string;
}

async function viaFetch(method: string, target: string, headers: Record<string, string>, body: BodyInit | undefined): Promise<Reply> {
  const response = await fetch(target, { method, credentials: 'include', headers, body });
  return { status: response.status, ok: response.ok, text: await response.text().catch(() => '') };
}

// fetch cannot tell how much of a body has gone, and a 4 MB photo from a slow phone takes minutes: a file whose
// caller wants to show its progress goes by XMLHttpRequest, whose upload events do. A failed connection rejects as
// fetch's does (a TypeError), so callers read both alike.
function viaXhr(method: string, target: string, headers: Record<string, string>, body: Blob, onUpload: Uploaded): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, target);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onUpload(e.loaded, e.lengthComputable ? e.total : body.size);
    xhr.onload = () => resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new TypeError('Failed to fetch'));
    onUpload(0, body.size);
    xhr.send(body);
  });
}

// Values are encoded as encodeURIComponent does (a space as %20, a slash as %2F), as the calls spelt them by hand did;
// a parameter left undefined is not sent.
function url(base: string, template: string, { path, query }: Wire): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined || value === null) throw new Error(`${template}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${base}${filled}${search ? `?${search}` : ''}`;
}

// `T` is taken on trust from the document: fetch parses JSON as `any`, and the server writes the document from the very
// types it serializes (a 204, having no envelope, ends as an ApiError below). `whole` answers the whole JSON rather than
// its `data`: the few calls the spec has answer outside the envelope (the benefit service's leads).
async function send<T>(method: string, target: string, body: unknown, extra?: Record<string, string>, whole = false, onUpload?: Uploaded): Promise<T> {
  // A file (a document a member sends) goes as its own bytes; the server reads its type from them, never from a name.
  const file = body instanceof Blob;
  const type = file ? 'application/octet-stream' : 'application/json';
  const headers = { ...(body === undefined ? {} : { 'Content-Type': type }), ...extra };
  const response =
    body instanceof Blob && onUpload
      ? await viaXhr(method, target, headers, body, onUpload)
      : await viaFetch(method, target, headers, body === undefined ? undefined : file ? (body as Blob) : JSON.stringify(body));
  let envelope: Envelope<T> | undefined;
  try {
    envelope = JSON.parse(response.text) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope || envelope.status !== 'success') {
    const fields = Array.isArray(envelope?.data) ? (envelope?.data as unknown as FieldError[]) : [];
    const message = envelope?.message || fields[0]?.error_message || 'Something went wrong. Please try again.';
    throw new ApiError(response.status, message, fields, envelope?.code, (envelope ?? {}) as unknown as Record<string, unknown>);
  }
  return whole ? (envelope as unknown as T) : envelope.data;
}

/**
 * A typed client of document `Ps` whose paths are relative to `base()` (asked at each call: the benefit service's root
 * is the site's to say). `whole` calls answer the whole JSON of the 200 answer instead of its envelope's `data`.
 */
export function clientOf<Ps>(base: () => string) {
  const call =
    <M extends Method>(method: M) =>
    <P extends PathIn<Ps, M> & string>(path: P, ...[options]: OptionsArgument<OptionsOf<OperationIn<Ps, P, M>>>): Promise<DataOf<OperationIn<Ps, P, M>>> => {
      const wire = (options ?? {}) as Wire;
      return send(method.toUpperCase(), url(base(), path, wire), wire.body, wire.headers, false, wire.onUpload);
    };
  const whole =
    <M extends Method>(method: M) =>
    <P extends PathIn<Ps, M> & string>(path: P, ...[options]: OptionsArgument<OptionsOf<OperationIn<Ps, P, M>>>): Promise<ContentOf<OperationIn<Ps, P, M>>> => {
      const wire = (options ?? {}) as Wire;
      return send(method.toUpperCase(), url(base(), path, wire), wire.body, wire.headers, true);
    };
  return { get: call('get'), post: call('post'), put: call('put'), delete: call('delete'), getWhole: whole('get') };
}

/**
 * The typed client: `api.get('/get-plan-cart', { query: { enrollment_id } })`,
 * `api.post('/add-plan-to-cart', { body: { enrollment_id, plan_id, plan_pricing_id } })`,
 * `api.get('/shop/{id}/plan/{plan_id}', { path: { id, plan_id } })`; each answers its `Answer`.
 */
const apiClient = clientOf<paths>(() => BASE);
export const api = { get: apiClient.get, post: apiClient.post, put: apiClient.put, delete: apiClient.delete };

/**
 * A call the server names at run time inside a schema it sent (a field's `x-fills` lookup, a list's
 * `x-item-validate`), at the path the form composed (`/routing-number-bank-lookup?q=061271001`). tsc cannot check a
 * name it never sees, so neither can it type the answer (`unknown`: the schema that named the call says what to read
 * of it); the server names only calls its document lists, and the caller types what it can of the body.
 */
export function callNamedByServer(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  return send<unknown>(method, `${BASE}${path}`, body);
}
