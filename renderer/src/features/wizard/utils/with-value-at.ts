/** `data` with the value at `path` (object keys and list indexes) replaced by `value`; `data` itself is left as it is. */
export function withValueAt(data: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(data)) {
    const copy: unknown[] = [...data];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, value);
    return copy;
  }
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return { ...record, [head]: withValueAt(record[head], rest, value) };
}
