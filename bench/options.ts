/** Command-line options of `npm run bench`. */
export interface BenchOptions {
  /** Catalogue size: undefined = the demo catalogue; N = the demo catalogue topped up to N generated shoes. */
  shoes?: number;
  db: 'pglite' | 'postgres';
  seconds: number;
  connections: number;
  /** Measure only the routes whose label contains this text (handy while tuning one query). */
  only?: string;
}

export function parseOptions(argv: string[]): BenchOptions {
  const options: BenchOptions = { db: 'pglite', seconds: 5, connections: 50 };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--shoes') options.shoes = Number(value());
    else if (flag === '--db') {
      const db = value();
      if (db !== 'pglite' && db !== 'postgres') throw new Error('--db is pglite or postgres');
      options.db = db;
    } else if (flag === '--seconds') options.seconds = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--only') options.only = value();
    else throw new Error(`Unknown option ${flag}: --shoes N, --db pglite|postgres, --seconds N, --only TEXT`);
  }
  if (options.shoes !== undefined && !(Number.isInteger(options.shoes) && options.shoes > 0))
    throw new Error('--shoes takes a positive whole number');
  if (!(options.seconds > 0)) throw new Error('--seconds takes a positive number');
  return options;
}
