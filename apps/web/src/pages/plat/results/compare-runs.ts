/**
 * The pure part of the compare page: what a run is called (its own name, told apart by its number
 * only when two compared runs share a name) and the layer stacks of several devices lined up layer
 * against layer. Unit-tested in apps/web/test/compare-runs.test.ts.
 */

/** Each run's name as the user gave it; "name (#id)" where another compared run has the same name. */
export function runLabels(runs: readonly { id: number; name: string }[]): string[] {
  const count = new Map<string, number>();
  for (const r of runs) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  return runs.map((r) => (!r.name ? `#${r.id}` : (count.get(r.name) ?? 0) > 1 ? `${r.name} (#${r.id})` : r.name));
}

/**
 * Rows of aligned layers: row k holds, for each stack, the index of its layer on that row or
 * undefined where the stack has no counterpart (a layer one device has and the other lacks). Layers
 * match by key (their name, case and spacing aside) in stack order: the longest common
 * subsequence with the rows so far, so an inserted or removed layer shifts nothing below it.
 */
export function alignLayers(stacks: readonly (readonly string[])[]): (number | undefined)[][] {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  let rows: { key: string; at: (number | undefined)[] }[] = [];
  stacks.forEach((stack, r) => {
    const keys = stack.map(norm);
    if (r === 0) {
      rows = keys.map((key, j) => ({ key, at: [j] }));
      return;
    }
    // longest common subsequence between the rows' keys and this stack's
    const n = rows.length;
    const m = keys.length;
    const L = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        L[i]![j] = rows[i]!.key === keys[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
    const out: typeof rows = [];
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && rows[i]!.key === keys[j]) {
        out.push({ key: rows[i]!.key, at: [...rows[i]!.at, j] });
        i++;
        j++;
      } else if (j >= m || (i < n && L[i + 1]![j]! >= L[i]![j + 1]!)) {
        out.push({ key: rows[i]!.key, at: [...rows[i]!.at, undefined] });
        i++;
      } else {
        out.push({ key: keys[j]!, at: [...new Array<undefined>(r).fill(undefined), j] });
        j++;
      }
    }
    rows = out;
  });
  return rows.map((x) => x.at);
}
