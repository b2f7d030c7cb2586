/** Runs one measurement in a fresh Node process and reads back its JSON line. */
import { execFile } from 'node:child_process';
import path from 'node:path';

const MEASURE_DIR = path.join(import.meta.dirname, 'measure');

/**
 * @returns {Promise<{ wallMs: number, cpuMs: number, maxRssMB: number, detail: object } | { skipped: string }>}
 */
export function spawnMeasurement(script, options) {
  const file = path.join(MEASURE_DIR, script);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [file, JSON.stringify(options)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `${script} ${JSON.stringify(options)} failed:\n${stderr.trim() || error.message}`,
            ),
          );
          return;
        }
        const last = stdout.trim().split('\n').at(-1) ?? '';
        try {
          resolve(JSON.parse(last));
        } catch {
          reject(new Error(`${script} printed no result line:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}
