/** At most this many words of a search are matched (a longer text is refined enough by then). */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search as the catalogue matches them: lowercased, apostrophes dropped ("men's" is
 * "mens"), split at anything that is not a letter or a digit, each once, at most MAX_SEARCH_WORDS.
 * Only letters and digits are left, so a word is safe inside a regular expression or a LIKE pattern.
 */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
