import fs from 'node:fs';

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) in /proc on every common platform. */
const TICKS_PER_SECOND = 100;

interface Sample {
  at: number;
  self: number;
  servers: number;
  busy: number;
}

/** Cores in use over a run (1 = one core all the time), by whom. */
export interface CpuShares {
  /** This process: autocannon, mostly. */
  loadGenerator: number;
  /** The spawned server processes, together. */
  servers: number;
  /** Everything else the machine ran: PostgreSQL, Redis, and any other work on it. */
  rest: number;
}

function sample(pids: number[]): Sample | undefined {
  try {
    const usage = process.cpuUsage();
    let servers = 0;
    for (const pid of pids) {
      // Fields after the ")" that closes the command name: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      servers += Number(fields[11]) + Number(fields[12]);
    }
    // cpu user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
    const [user, nice, system, , , irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) as number[];
    return {
      at: performance.now() / 1000,
      self: (usage.user + usage.system) / 1e6,
      servers: servers / TICKS_PER_SECOND,
      busy: (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined; // not Linux, or a server gone
  }
}

/** Runs `work` and says how many cores this process, the servers `pids` and the rest used meanwhile. */
export async function measureCpu<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; cpu?: CpuShares }> {
  const before = sample(pids);
  const result = await work();
  const after = sample(pids);
  if (!before || !after) return { result };
  const seconds = after.at - before.at;
  const loadGenerator = (after.self - before.self) / seconds;
  const servers = (after.servers - before.servers) / seconds;
  const busy = (after.busy - before.busy) / seconds;
  return { result, cpu: { loadGenerator, servers, rest: Math.max(0, busy - loadGenerator - servers) } };
}
