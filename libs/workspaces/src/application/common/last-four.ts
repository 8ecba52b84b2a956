/** The last four characters, by code point: slicing UTF-16 units could split an emoji in two. */
export const lastFour = (key: string): string => Array.from(key).slice(-4).join('');
