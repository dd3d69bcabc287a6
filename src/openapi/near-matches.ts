/** "Did you mean": the names closest to one that matched nothing, by edit distance, case aside. */

/** The candidates within a few edits of `name` (a third of its length, at least 2), closest first. */
export function nearMatches(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const wanted = name.toLowerCase();
  const allowed = Math.max(2, Math.floor(name.length / 3));
  return [...candidates]
    .map((candidate) => ({ candidate, distance: editDistance(candidate.toLowerCase(), wanted) }))
    .filter((match) => match.distance <= allowed)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((match) => match.candidate);
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
