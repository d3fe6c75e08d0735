// Canonical JSON: object keys sorted (UTF-16 code-unit order, which is byte order for the ASCII
// keys used here), no whitespace. Python's json.dumps(obj, sort_keys=True, separators=(",", ":"))
// writes the same text for the same value.

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`canonicalJson: cannot write ${typeof value}`);
  return text;
}
