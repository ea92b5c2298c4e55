// Order statistics for the benchmark's samples (no interpolation: every number reported is
// one that was measured).
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
export const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((xs.length - 1) * p))];
export const min = (xs) => Math.min(...xs);
export const max = (xs) => Math.max(...xs);
