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

/**
 * A search considers at most this many shoes (decision 033): past it, the shoes it shows are ranked
 * among the ones it considered and its count reads as "at least" (1,000+).
 */
export const SEARCH_MATCH_CAP = 1_000;

/** The shoes one read of an index found, in its order, at most the cap + 1 of them. */
export type FoundIds = readonly string[];

export interface SearchCandidates {
  /** The shoes to rank: every match when `complete`, else the first `cap` of those read. */
  ids: string[];
  /** False when a read was cut at the cap: more shoes match than were considered. */
  complete: boolean;
}

/**
 * Which shoes a search ranks (decision 033), from reads of its matches that each stop after the cap
 * + 1: the strongest matches (the whole text, or every word, in the name) and all of them. Past the
 * cap, the strong ones are kept first, so that the best matches are among those ranked.
 */
export function searchCandidates(
  strong: readonly FoundIds[],
  all: FoundIds,
  cap = SEARCH_MATCH_CAP,
): SearchCandidates {
  const complete = [...strong, all].every((found) => found.length <= cap);
  const ids = [...new Set([...strong.flat(), ...all])];
  return complete ? { ids, complete } : { ids: ids.slice(0, cap), complete };
}
