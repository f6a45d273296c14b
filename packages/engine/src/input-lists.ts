/**
 * How an input check lists the bad entries of one array (a voltage sweep, a spectrum column): the
 * first few are named with their index, the rest counted, so that a column of thousands of nulls
 * reads as one problem and the problems of the other fields stay in view.
 */
export const NAMED_ENTRIES = 5;

/** The line that counts the bad entries beyond those named. */
export function moreEntries(count: number, what: string): string {
  return `and ${count} more ${count === 1 ? 'entry' : 'entries'} ${what}`;
}
