import { availableParallelism, loadavg } from 'node:os';

/** One line of the bench's table: a figure of one scenario, with what it is compared to. */
export interface ReportRow {
  scenario: string;
  figure: string;
  /** The project's figure, formatted ("2,143 req/s", "38 ms"). */
  value: string;
  /** What it is compared with (the ceiling's or the floor's figure), if anything. */
  reference?: string;
  /** The value over the reference ("84 %", "1.21×"). */
  ratio?: string;
}

/**
 * The bench's one markdown table: every scenario adds its rows, and the table is printed once
 * at the end under a line saying where it was measured (cores, date, node, database, queue),
 * ready to paste into the README.
 */
export class BenchReport {
  private readonly rows: ReportRow[] = [];

  constructor(
    private readonly database: string,
    private readonly queue: string,
  ) {}

  add(...rows: ReportRow[]): void {
    this.rows.push(...rows);
  }

  toMarkdown(now = new Date()): string {
    const when = now.toISOString().slice(0, 16).replace('T', ' ');
    const head =
      `Measured ${when} UTC on ${availableParallelism()} cores, node ${process.version}, ` +
      `${this.database}, queue ${this.queue}; load average ${loadAverage()}.`;
    const cells = (r: string[]) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
    const lines = [
      cells(['Scenario', 'Figure', 'Project', 'Reference', 'Ratio']),
      cells(['---', '---', '---:', '---:', '---:']),
      ...this.rows.map((r) =>
        cells([r.scenario, r.figure, r.value, r.reference ?? '', r.ratio ?? '']),
      ),
    ];
    return `${head}\n\n${lines.join('\n')}`;
  }
}

/** Other work on the machine moves every figure: said beside them. */
function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}
