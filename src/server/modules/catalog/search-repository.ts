import { ilike, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  SEARCH_MATCH_CAP,
  searchCandidates,
  searchWords,
  type SearchCandidates,
} from '../../../domain/catalog-search.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { brands, shoes } from '../../db/schema.js';

/**
 * The search's SQL (decisions 026 and 033, docs/performance.md "Search"). A word is found in a shoe's
 * name, colour, description or brand: as the start of a word ("kin" while typing Kinetic) or a word
 * of the same stem ("sneakers", "sneaker") through the stored `search_vector`, or as a close trigram
 * match of a word of the name, colour or brand (pg_trgm word similarity, "runnr"). A shoe matches
 * when it has every word, or when the whole text is in its name or close to it ("summit trial" for
 * Summit Trail).
 */

/** A shoe's name and colour, where a search looks for typos (index shoes_name_color_trgm_idx, migration 0030). */
const nameAndColor = sql`(${shoes.name} || ' ' || ${shoes.color})`;

/** `\mword`: a word starting with it (the searched words hold only letters and digits). */
const wordStart = (word: string) => `\\m${word}`;

/** The brands a word names: the start of a word of the brand's name, or close to it (a few dozen rows). */
const brandsNamed = (word: string) =>
  sql`(SELECT b.id FROM ${brands} b WHERE b.name ~* ${wordStart(word)} OR ${word} <% b.name)`;

/** The ways one word matches a shoe, each with its own index (read together as one bitmap). */
function wordMatch(word: string): SQL {
  const ways = [
    sql`${shoes.searchVector} @@ (to_tsquery('simple', ${`${word}:*`}) || plainto_tsquery('english', ${word}))`,
    sql`${word} <% ${nameAndColor}`,
    // An array worked out once: `= ANY` of it is an index condition, where `IN (subquery)` is a join.
    sql`${shoes.brandId} = ANY(ARRAY${brandsNamed(word)})`,
  ];
  return sql`(${sql.join(ways, sql` OR `)})`;
}

/** The whole text in the name, or close to it (index shoes_name_trgm_idx). */
const wholeTextInName = (search: string) =>
  sql`(${shoes.name} ILIKE ${containsPattern(search)} OR ${search} <% ${shoes.name})`;

/**
 * Every word at the start of a word of the name (index shoes_name_trgm_idx). A word of one or two
 * letters has no trigram to look it up by: then there is no such read.
 */
function everyWordInName(words: string[]): SQL | undefined {
  if (words.length === 0 || words.some((word) => word.length < 3)) return undefined;
  return sql.join(
    words.map((word) => sql`${shoes.name} ~* ${wordStart(word)}`),
    sql` AND `,
  );
}

/**
 * The shoes a search considers (decision 033), the list's other conditions (`within`) applied as
 * they are read: the strongest matches (the whole text, or every word, in the name) and all of them,
 * each read stopping after the cap + 1 shoes. One statement, its reads planned as bitmaps of their
 * indexes (the words' combined with AND, the ways of a word with OR), so that only the shoes kept
 * are fetched: with LIMIT, the planner would otherwise walk the table or an index in order, testing
 * each shoe against the costly trigram match, for a word rarer than it guessed (a tenth of a second
 * to seconds at 100,000 shoes). Without JIT, whose compiling of such a plan costs more than running it.
 */
export async function findSearchCandidates(
  db: Database,
  search: string,
  within: SQL | undefined,
): Promise<SearchCandidates> {
  const read = (match: SQL) =>
    sql`ARRAY(SELECT ${shoes.id}::text FROM ${shoes} WHERE ${match}${within ? sql` AND ${within}` : sql``} LIMIT ${SEARCH_MATCH_CAP + 1})`;
  const readAll = async (tx: Pick<Database, 'execute'>, matches: SQL[]) => {
    if (matches.length === 0) return [];
    const columns = matches.map((match, i) => sql`${read(match)} AS ${sql.raw(`r${i}`)}`);
    const [row] = (await tx.execute<Record<string, string[]>>(sql`SELECT ${sql.join(columns, sql`, `)}`))
      .rows;
    return matches.map((_, i) => row?.[`r${i}`] ?? []);
  };
  const words = searchWords(search);
  const inName = everyWordInName(words);
  const matches = [
    // Text of one or two characters has no trigram to look it up by in the name's index (a scan of
    // every name, a tenth of a second at 100,000 shoes): it is matched as the start of a word only.
    ...(search.trim().length >= 3 ? [wholeTextInName(search)] : []),
    ...(inName ? [inName] : []),
    ...(words.length > 0 ? [sql.join(words.map(wordMatch), sql` AND `)] : []),
  ];
  const found = await db.transaction(async (tx) => {
    // SET LOCAL, four at once: each lasts until the transaction ends.
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
                                set_config('enable_indexonlyscan', 'off', true), set_config('jit', 'off', true)`);
    return readAll(tx, matches);
  });
  // The last read holds every match when the search has words; else the whole text is all there is.
  return words.length > 0
    ? searchCandidates(found.slice(0, -1), found.at(-1)!)
    : searchCandidates([], found[0] ?? []);
}

/** The shoes of a search: its candidates, read by primary key (each one a match, `within` held). */
export function searchMatches(candidates: SearchCandidates): SQL {
  // One parameter: an array literal of uuids (only hex digits and dashes).
  return sql`${shoes.id} = ANY(${`{${candidates.ids.join(',')}}`}::uuid[])`;
}

/**
 * How well a shoe matches a search, in whole points so that equally good matches tie and the
 * chosen sort orders them: the text in the name 6 (close to it 4); then per word, its best place:
 * the start of a name's word 4, of the brand or the colour 3, close to one of them 2, else 1 (found
 * in the description). Needs the brand's name as `brandName`.
 */
export function searchRelevance(search: string, brandName: AnyColumn | SQLWrapper): SQL<number> {
  const perWord = searchWords(search).map(
    (word) => sql`CASE WHEN ${shoes.name} ~* ${wordStart(word)} THEN 4
                  WHEN ${brandName} ~* ${wordStart(word)} OR ${shoes.color} ~* ${wordStart(word)} THEN 3
                  WHEN ${word} <% ${nameAndColor} OR ${word} <% ${brandName} THEN 2
                  ELSE 1 END`,
  );
  const whole = sql`CASE WHEN ${ilike(shoes.name, containsPattern(search))} THEN 6
                    WHEN ${search} <% ${shoes.name} THEN 4 ELSE 0 END`;
  return sql<number>`(${sql.join([whole, ...perWord], sql` + `)})`;
}
