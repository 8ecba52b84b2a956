/** `%word%` for LIKE over an event's JSON text: the word as JSON writes it, wildcards escaped. */
export const likePattern = (word: string): string =>
  `%${JSON.stringify(word)
    .slice(1, -1)
    .replace(/[\\%_]/g, '\\$&')}%`;
