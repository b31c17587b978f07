/**
 * Command-line options of `npm run bench`:
 * `[-- --shoes N --db pglite|postgres --seconds N --connections N --only TEXT --instances N
 * --scenario shoppers|tracing|also-like|draw|drop --rounds N --order-lines N --entries N --shoppers N]`.
 * `--instances N` (N >= 2) spawns N server processes on one PostgreSQL database and compares them
 * with one spawned instance (bench/multi-load.ts); it implies `--db postgres`.
 */
export interface BenchOptions {
  /** Catalogue size: undefined = the demo catalogue; N = the demo catalogue topped up to N generated shoes. */
  shoes?: number;
  db: 'pglite' | 'postgres';
  seconds: number;
  connections: number;
  /** Measure only the routes whose label contains this text (handy while tuning one query). */
  only?: string;
  /** Several server processes sharing one PostgreSQL database and Redis, against one. */
  instances?: number;
  /** The shop's LOG_LEVEL: `info`, as `npm start` runs it. */
  logLevel: string;
  /**
   * `shoppers`: virtual shoppers through a visit (bench/shoppers.ts) instead of one route per row;
   * `tracing`: the shop with tracing off, on and on for 1 request in 10, side by side (bench/tracing.ts).
   */
  scenario?: 'shoppers' | 'tracing' | 'also-like' | 'draw' | 'drop';
  /** `--scenario draw`: the draw's entries (10,000 unless told). */
  entries: number;
  /** `--scenario drop`: the virtual shoppers at a first-come drop (2,000 unless told). */
  shoppers: number;
  /** `--scenario tracing`: how many times each shop and route is loaded, in turn. */
  rounds: number;
  /**
   * Paid order lines to add (4 to an order) and count as bought together (bench/orders.ts), for the
   * "You may also like" rows; `--scenario also-like` alone implies 1,000,000.
   */
  orderLines?: number;
}

export function parseOptions(argv: string[]): BenchOptions {
  const options: BenchOptions = {
    db: 'pglite',
    seconds: 5,
    connections: 50,
    logLevel: 'info',
    rounds: 5,
    entries: 10_000,
    shoppers: 2_000,
  };
  let dbGiven = false;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--shoes') options.shoes = Number(value());
    else if (flag === '--db') {
      const db = value();
      if (db !== 'pglite' && db !== 'postgres') throw new Error('--db is pglite or postgres');
      options.db = db;
      dbGiven = true;
    } else if (flag === '--seconds') options.seconds = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--only') options.only = value();
    else if (flag === '--instances') options.instances = Number(value());
    else if (flag === '--log-level') options.logLevel = value();
    else if (flag === '--rounds') options.rounds = Number(value());
    else if (flag === '--order-lines') options.orderLines = Number(value());
    else if (flag === '--entries') options.entries = Number(value());
    else if (flag === '--shoppers') options.shoppers = Number(value());
    else if (flag === '--scenario') {
      const scenario = value();
      if (
        scenario !== 'shoppers' &&
        scenario !== 'tracing' &&
        scenario !== 'also-like' &&
        scenario !== 'draw' &&
        scenario !== 'drop'
      )
        throw new Error('--scenario takes shoppers, tracing, also-like, draw or drop');
      options.scenario = scenario;
    } else
      throw new Error(
        `Unknown option ${flag}: --shoes N, --db pglite|postgres, --seconds N, --connections N, --only TEXT, --instances N, --log-level L, --scenario shoppers|tracing|also-like|draw|drop, --rounds N, --order-lines N, --entries N, --shoppers N`,
      );
  }
  if (options.shoes !== undefined && !(Number.isInteger(options.shoes) && options.shoes > 0))
    throw new Error('--shoes takes a positive whole number');
  if (!(options.seconds > 0)) throw new Error('--seconds takes a positive number');
  if (options.scenario === 'also-like') {
    // The rows of "You may also like" only, on the 1,000,000 order lines unless told.
    options.orderLines ??= 1_000_000;
    options.only ??= 'also-like';
  }
  if (options.orderLines !== undefined && !(Number.isInteger(options.orderLines) && options.orderLines > 0))
    throw new Error('--order-lines takes a positive whole number');
  if (!(Number.isInteger(options.shoppers) && options.shoppers > 0))
    throw new Error('--shoppers takes a positive whole number');
  if (!(Number.isInteger(options.rounds) && options.rounds > 0))
    throw new Error('--rounds takes a positive whole number');
  if (options.instances !== undefined) {
    if (!(Number.isInteger(options.instances) && options.instances >= 2))
      throw new Error('--instances takes a whole number of 2 or more');
    if (dbGiven && options.db === 'pglite')
      throw new Error(
        '--instances needs PostgreSQL: PGlite lives in one process and cannot be shared by several servers ' +
          '(drop --db pglite; --instances implies --db postgres)',
      );
    options.db = 'postgres';
  }
  return options;
}
