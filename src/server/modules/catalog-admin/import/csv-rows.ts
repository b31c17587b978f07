import { CsvError, parse } from 'csv-parse';
import {
  CATALOGUE_CSV_COLUMNS,
  catalogueRowSchema,
  startsLikeFormula,
  unescapeCsvCell,
  type CatalogueCsvColumn,
} from '../../../../domain/catalogue-csv.js';
import { checkHeader, type ImportError, type ImportRow } from '../../../../domain/catalogue-import.js';

/** A file-level problem: the file cannot be read as the catalogue's CSV at all. */
export class UnreadableCsvError extends Error {}

/** No cell of a sane catalogue is this long (a description is 900 characters at most). */
const MAX_CELL = 5_000;

/** The bytes as UTF-8 text (a BOM dropped), or a message saying what to do instead. */
export function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableCsvError(
      'The file is not UTF-8 text: save it from your spreadsheet as "CSV UTF-8" and upload it again',
    );
  }
}

/** The file's header line, checked: every column of the format once, nothing else. */
export async function readHeader(text: string): Promise<void> {
  try {
    for await (const record of parse(text, { to_line: 1, bom: true }) as AsyncIterable<string[]>) {
      const problem = checkHeader(record);
      if (problem) throw new UnreadableCsvError(problem);
      return;
    }
  } catch (error) {
    throw asUnreadable(error);
  }
  throw new UnreadableCsvError('The file is empty: start from the template');
}

/** csv-parse's own refusal (a stray quote, a record too long) said as a problem of the file. */
function asUnreadable(error: unknown): unknown {
  return error instanceof CsvError
    ? new UnreadableCsvError(`The file is not a well-formed CSV: ${error.message}`)
    : error;
}

/**
 * Every data row of the file, streamed (csv-parse reads it record by record), each checked on its own:
 * a valid row, or the problems of its cells with their line and column. Lines are the file's (the
 * header is line 1), as a spreadsheet numbers them when no cell spans lines.
 */
export async function* readRows(
  text: string,
): AsyncGenerator<{ line: number; row: ImportRow['row'] } | { line: number; errors: ImportError[] }> {
  const parser = parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    skip_empty_lines: true,
    max_record_size: MAX_CELL * CATALOGUE_CSV_COLUMNS.length,
    info: true,
  });
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<CatalogueCsvColumn, string>;
      info: { lines: number };
    }>) {
      const line = info.lines;
      const errors: ImportError[] = [];
      const cells = {} as Record<CatalogueCsvColumn, string>;
      for (const column of CATALOGUE_CSV_COLUMNS) {
        const cell = record[column] ?? '';
        if (cell.length > MAX_CELL) {
          errors.push({ line, column, message: `This cell is longer than ${MAX_CELL} characters` });
        } else if (startsLikeFormula(cell)) {
          errors.push({
            line,
            column,
            message:
              'This cell starts with =, +, -, @ or a tab, which a spreadsheet runs as a formula: put an apostrophe before it',
          });
        }
        cells[column] = unescapeCsvCell(cell);
      }
      if (errors.length > 0) {
        yield { line, errors };
        continue;
      }
      const parsed = catalogueRowSchema.safeParse(cells);
      if (parsed.success) yield { line, row: parsed.data };
      else
        yield {
          line,
          // A cell's first problem only: "two" is not a number, and so not a valid quantity either.
          errors: parsed.error.issues
            .filter(
              (issue, index, all) => all.findIndex((other) => other.path[0] === issue.path[0]) === index,
            )
            .map((issue) => ({
              line,
              column: (issue.path[0] as CatalogueCsvColumn | undefined) ?? null,
              message: issue.message,
            })),
        };
    }
  } catch (error) {
    throw asUnreadable(error);
  }
}
