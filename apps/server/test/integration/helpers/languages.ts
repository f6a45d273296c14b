/**
 * Checks that a text is in the language it claims (issue 29). A Chinese text names authors,
 * journals, units and symbols in Latin letters ("M. Koopmans, V. M. Le Corre, J. Open Source
 * Softw. 7"), but an English sentence in it shows as a run of plain words: four or more words of
 * two or more letters in a row, none of them an abbreviation (which ends in a full stop). DOIs and
 * addresses are left out first.
 */
export function englishRuns(text: string): string[] {
  const bare = text.replace(/https?:\/\/\S+/g, ' ').replace(/\b10\.\d{4,9}\/\S+/g, ' ');
  const runs: string[] = [];
  let run: string[] = [];
  const close = () => {
    if (run.length >= 4) runs.push(run.join(' ').replace(/[,;:]$/, ''));
    run = [];
  };
  // Chinese punctuation ends an English run as a blank does
  for (const word of bare.split(/[\s，。；：、（）]+/)) {
    if (/^[A-Za-z]{2,}[,;:]?$/.test(word)) run.push(word);
    else close();
  }
  close();
  return runs;
}

/** The Chinese characters in a text. */
export function hanCount(text: string): number {
  return (text.match(/\p{Script=Han}/gu) ?? []).length;
}
