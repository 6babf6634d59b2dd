import type { ErrorSchema } from '@rjsf/utils';

// The one HTTP client and the only caller of fetch: sends the session cookie, unwraps the spec's envelope, and turns an
// error envelope into an ApiError that carries the field messages. Each server call is a function of its own in the
// api/ folder of the feature that makes it.

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

interface Envelope<T> {
  status: 'success' | 'error';
  statusCode?: number;
  message?: string;
  code?: string;
  data: T;
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/v1${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope || envelope.status !== 'success') {
    const fields = Array.isArray(envelope?.data) ? (envelope?.data as unknown as FieldError[]) : [];
    const message = envelope?.message || fields[0]?.error_message || 'Something went wrong. Please try again.';
    throw new ApiError(response.status, message, fields, envelope?.code, (envelope ?? {}) as unknown as Record<string, unknown>);
  }
  return envelope.data;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
};
