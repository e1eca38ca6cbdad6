import { readFileSync } from 'node:fs';

/**
 * This process's peak resident memory in MB. On Linux, the high-water mark of its own memory map
 * (`VmHWM` in /proc/self/status): getrusage's maxRSS also counts the RSS the process had before its exec,
 * a copy of its parent's at fork, so a process started by a large one (a bench, a test runner) reported
 * its parent's size (a child of a 640 MB parent reported 604 MB while using 39). Elsewhere, maxRSS.
 */
export function peakRssMb(): number {
  try {
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}
