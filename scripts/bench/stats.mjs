// Order statistics for the timing samples.

const sorted = (values) => values.filter(Number.isFinite).sort((a, b) => a - b);

export function median(values) {
  const s = sorted(values);
  if (s.length === 0) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100): an observed value, no interpolation. */
export function percentile(values, p) {
  const s = sorted(values);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length))) - 1];
}
