/** What the numbers were measured on. */
import os from 'node:os';

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    threadpool: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
