/**
 * Runs one build (the built package, options as JSON in argv[2]) and kills itself with SIGKILL
 * just before change number argv[3] to the output folder: a crash at a chosen point.
 */

import { faultHook } from '../../dist/files/write.js';
import { generateSitemaps } from '../../dist/index.js';

const [json, at] = process.argv.slice(2);
let changes = 0;
faultHook.beforeChange = () => {
  if (++changes === Number(at)) process.kill(process.pid, 'SIGKILL');
};
await generateSitemaps(JSON.parse(json));
