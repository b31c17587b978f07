interface LineSink {
  write(text: string): unknown;
}

/**
 * A destination for log lines that writes those of one turn of the event loop together: one write
 * for the many request lines a busy turn produces, where pino's default made a system call per
 * line (about a tenth of a cached answer's CPU, docs/performance.md). A line waits at most for the
 * end of its turn, never for more lines to come, so a quiet shop's log is as prompt as before; the
 * lines still waiting when the process exits (a crash included) are written on its way out.
 */
export function batchedLines(sink: LineSink, onExit: (flush: () => void) => void): LineSink {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    sink.write(text);
  };
  onExit(flush);
  return {
    write(line: string) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
  };
}

let standardOutput: LineSink | undefined;

/**
 * Standard output through `batchedLines`, one for the process (however many apps it builds). Node
 * writes to a file, a pipe or a terminal synchronously on Linux, so the exit's flush is not lost.
 */
export function batchedStandardOutput(): LineSink {
  standardOutput ??= batchedLines(process.stdout, (flush) => process.once('exit', flush));
  return standardOutput;
}
