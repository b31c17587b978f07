/**
 * `npm run bench:import [-- --db postgres|pglite --shoes 1000 --sizes 10]`: a catalogue import of
 * shoes x sizes rows with one photo per shoe in a ZIP (issue 33 item 3), on a fresh database: the
 * preview and the apply timed apart, rows per second, and the process's peak memory over the run
 * (sampled every 50 ms) next to its memory before, so a file held whole would show. Then the same
 * files again, which must change nothing. Runs the import's own service and job runner in this
 * process (the HTTP upload is one request). Measures and prints; asserts nothing.
 * See docs/performance.md.
 */
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import yazl from 'yazl';
import { CATALOGUE_CSV_COLUMNS } from '../src/domain/catalogue-csv.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { users } from '../src/server/db/schema.js';
import { createJobRunner } from '../src/server/jobs/job-runner.js';
import { createJobStore } from '../src/server/jobs/job-store.js';
import { createImportRepository } from '../src/server/modules/catalog-admin/import/repository.js';
import {
  IMPORT_JOB,
  createCatalogueImportService,
} from '../src/server/modules/catalog-admin/import/service.js';
import { createDiskImageStore } from '../src/server/storage/image-store.js';
import { openBenchDatabase } from './database.js';

const SIZES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5'];

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
}

async function photosZip(count: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (let index = 0; index < count; index += 1) {
    const background = `#${((index * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .jpeg()
      .toBuffer();
    zip.addBuffer(photo, `shoe-${index + 1}.jpg`, { compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function catalogueCsv(shoes: number, sizes: number): Buffer {
  const rows = [];
  for (let shoe = 1; shoe <= shoes; shoe += 1) {
    for (const size of SIZES.slice(0, sizes)) {
      rows.push({
        shoe: `Bench Import ${shoe}`,
        brand: `Import Brand ${String.fromCharCode(65 + (shoe % 20))}`,
        colour: ['Red', 'Blue', 'Black', 'White'][shoe % 4],
        price: String(60 + (shoe % 140)),
        compare_at_price: '',
        description: 'A shoe of the import bench, with a 10mm insole.',
        on_sale: shoe % 5 === 0 ? 'yes' : 'no',
        size,
        sku: `BI-${shoe}-${size.replace('.', '5')}`,
        gtin: '',
        stock: String((shoe + Math.floor(Number(size))) % 30),
        images: `shoe-${shoe}.jpg`,
        alt_texts: '',
      });
    }
  }
  return Buffer.from(stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS] }));
}

async function main() {
  const db = option('db', 'postgres') as 'postgres' | 'pglite';
  const shoes = Number(option('shoes', '1000'));
  const sizes = Number(option('sizes', '10'));
  const bench = await openBenchDatabase(db);
  try {
    await migrateDatabase(bench.handle);
    const csv = catalogueCsv(shoes, sizes);
    const zip = await photosZip(shoes);
    console.log(
      `Files: ${shoes * sizes} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV), ${shoes} photos (${(zip.length / 1024 / 1024).toFixed(1)} MB ZIP); ${db}`,
    );
    const store = createJobStore(bench.handle.db);
    // The runner calls the import's handler, which is made next (it needs to kick the runner).
    const runner = createJobRunner({
      store,
      handlers: { [IMPORT_JOB]: (job, context) => imports.handler(job, context) },
      log: { error: (object, message) => console.error(message, object), info: () => undefined },
    });
    const imports = createCatalogueImportService({
      repository: createImportRepository(bench.handle.db, store),
      jobs: store,
      images: createDiskImageStore(`${bench.dataDir}/uploads`),
      kick: () => void runner.kick(),
    });
    const actor = { _id: 'bench', email: 'bench@shop.test' };
    await bench.handle.db.insert(users).values({ id: actor._id, email: actor.email, manager: true });
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);

    async function timed(label: string, run: () => Promise<string>) {
      const before = process.memoryUsage().rss;
      peak = before;
      const started = performance.now();
      const id = await run();
      for (;;) {
        const status = await imports.status(id);
        if (['waiting', 'done', 'failed', 'cancelled'].includes(status.state)) {
          const seconds = (performance.now() - started) / 1000;
          console.log(
            `${label}: ${seconds.toFixed(1)} s, ${Math.round((shoes * sizes) / seconds)} rows/s, ` +
              `memory ${Math.round(before / 1024 / 1024)} MB before, peak ${Math.round(peak / 1024 / 1024)} MB; ` +
              `${status.state}, rows ${JSON.stringify(status.rows)}, errors ${status.errorCount}${status.errors[0] ? ` (first: line ${status.errors[0].line}, ${status.errors[0].column}: ${status.errors[0].message})` : ''}${status.failure ? `, ${status.failure}` : ''}`,
          );
          return id;
        }
        if (process.env.BENCH_VERBOSE)
          console.log(`  ${status.state} ${status.progress.done}/${status.progress.total}`);
        await new Promise((resolve) => setTimeout(resolve, process.env.BENCH_VERBOSE ? 2000 : 50));
      }
    }

    for (const round of ['first import', 'same files again']) {
      const id = await timed(`${round}, preview`, () =>
        imports.upload(actor, { name: 'bench.csv', bytes: csv }, { name: 'bench.zip', bytes: zip }),
      );
      await timed(`${round}, apply`, async () => {
        await imports.apply(id);
        return id;
      });
    }
    clearInterval(sampler);
    await runner.stop();
  } finally {
    await bench.dispose();
  }
}

await main();
