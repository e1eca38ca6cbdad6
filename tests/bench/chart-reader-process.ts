/**
 * The chart-image reader alone in a fresh process, for the memory figure of `audiogram-reading.bench.ts`:
 * reads every picture of the folder given (in name order) through the chart-reader thread, as the product
 * does (ADR 0031), and prints one JSON line with the process's RSS before the thread starts (node, tsx and
 * the reading policy loaded), its peak RSS (`peakRssMb`: VmHWM, the thread included — getrusage's maxRSS also counted the bench
 * process's RSS copied at fork, and reported 279–341 MB where the reader used less) and the pictures read.
 * Run: `node --import tsx tests/bench/chart-reader-process.ts <folder>`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readChartImage, stopChartImageReader } from '../../adapters/src/ai/chart-image';
import { peakRssMb } from '../../cli/src/peak-rss';

const folder = process.argv[2];
const files = readdirSync(folder).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
const loaded = process.memoryUsage().rss;
let read = 0;
for (const file of files) {
  const outcome = await readChartImage(new Uint8Array(readFileSync(path.join(folder, file))));
  if (outcome.status === 'read') read++;
}
await stopChartImageReader();
console.log(JSON.stringify({ pictures: files.length, read, loadedMb: loaded / 2 ** 20, peakMb: peakRssMb() }));
