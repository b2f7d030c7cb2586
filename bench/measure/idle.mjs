/** An empty child: the wall, CPU and RSS a Node process costs before doing any work. */
import { measure } from './report.mjs';

await measure(async () => ({}));
