/** IndexNow after a build, against a local endpoint that records every request. */
import { once } from 'node:events';
import { access, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSitemaps, type SitemapOptions } from '../../src/index.js';
import { indexNowTuning } from '../../src/indexnow/send.js';
import { makeTree, page } from '../helpers/fixture.js';

const SITE = 'https://example.com';
const KEY = 'abcdef0123456789';
const STATE = '.sitemapkit-indexnow.tsv.gz';

interface Recorded {
  method: string;
  contentType: string | undefined;
  body: { host: string; key: string; keyLocation?: string; urlList: string[] };
}

type Answer = (req: IncomingMessage, res: ServerResponse, n: number) => void;

const servers: Server[] = [];
const tuning = { ...indexNowTuning };
const PREVIEW_VARS = ['CONTEXT', 'VERCEL_ENV'] as const;
const savedEnv: Record<string, string | undefined> = {};

beforeEach(() => {
  for (const name of PREVIEW_VARS) {
    savedEnv[name] = process.env[name];
    delete process.env[name];
  }
  indexNowTuning.retryWaitMs = 10;
  indexNowTuning.maxRetryWaitMs = 50;
});

afterEach(async () => {
  Object.assign(indexNowTuning, tuning);
  for (const name of PREVIEW_VARS) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** An endpoint on 127.0.0.1 answering with `answer` (202 by default), recording requests. */
async function endpoint(answer?: Answer): Promise<{ url: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({
      method: req.method ?? '',
      contentType: req.headers['content-type'],
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    if (answer) answer(req, res, requests.length);
    else res.writeHead(202).end();
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/indexnow`, requests };
}

const dated = (date: string) => page(`<meta property="article:modified_time" content="${date}">`);

async function site(): Promise<{ root: string; dist: string }> {
  const root = await makeTree({
    'dist/index.html': dated('2024-01-01'),
    'dist/a/index.html': dated('2024-01-02'),
    'dist/b/index.html': dated('2024-01-03'),
    'dist/c/index.html': dated('2024-01-04'),
  });
  return { root, dist: join(root, 'dist') };
}

/** Adds d, changes b's lastmod, removes c. */
async function change(dist: string): Promise<void> {
  await makeTreeIn(dist, {
    'd/index.html': dated('2024-02-01'),
    'b/index.html': dated('2024-02-02'),
  });
  await rm(join(dist, 'c'), { recursive: true });
}

async function makeTreeIn(dir: string, files: Record<string, string>): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

function options(
  dist: string,
  indexNow: Partial<NonNullable<SitemapOptions['indexNow']>>,
): SitemapOptions {
  return {
    site: SITE,
    outDir: dist,
    git: false,
    lastmodFromChildren: false,
    indexNow: { key: KEY, ...indexNow },
  };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('IndexNow', () => {
  it('records the state on a first build, then sends exactly what was added, changed or removed', async () => {
    const { dist } = await site();
    const server = await endpoint();
    const first = await generateSitemaps(options(dist, { endpoint: server.url }));
    expect(server.requests).toEqual([]);
    expect(first.indexNow).toMatchObject({ sent: 0, batches: 0, dryRun: false });
    expect(first.indexNow?.skipped).toMatch(/first build: state recorded.*nothing sent/);
    expect(await readFile(join(dist, `${KEY}.txt`), 'utf8')).toBe(KEY);
    expect(await exists(join(dist, STATE))).toBe(true);

    await change(dist);
    const second = await generateSitemaps(options(dist, { endpoint: server.url }));
    expect(second.warnings.filter((w) => w.code.startsWith('indexnow'))).toEqual([]);
    expect(server.requests).toEqual([
      {
        method: 'POST',
        contentType: 'application/json; charset=utf-8',
        body: {
          host: 'example.com',
          key: KEY,
          urlList: [`${SITE}/b/`, `${SITE}/c/`, `${SITE}/d/`],
        },
      },
    ]);
    expect(second.indexNow).toEqual({ sent: 3, batches: 1, dryRun: false, endpoint: server.url });

    const third = await generateSitemaps(options(dist, { endpoint: server.url }));
    expect(server.requests).toHaveLength(1);
    expect(third.indexNow?.skipped).toMatch(/no URL changed/);
  });

  it('cuts the URLs into batches', async () => {
    const { dist } = await site();
    const server = await endpoint();
    indexNowTuning.batchSize = 2;
    const result = await generateSitemaps(options(dist, { endpoint: server.url, initial: 'all' }));
    expect(server.requests.map((r) => r.body.urlList)).toEqual([
      [`${SITE}/`, `${SITE}/a/`],
      [`${SITE}/b/`, `${SITE}/c/`],
    ]);
    expect(result.indexNow).toMatchObject({ sent: 4, batches: 2 });
  });

  it('warns when the endpoint does not answer, and keeps the URLs for the next build', async () => {
    const { dist } = await site();
    const silent = await endpoint(() => {});
    indexNowTuning.timeoutMs = 300;
    await generateSitemaps(options(dist, { endpoint: silent.url }));
    await change(dist);
    const second = await generateSitemaps(options(dist, { endpoint: silent.url }));
    expect(silent.requests).toHaveLength(1);
    expect(second.indexNow).toMatchObject({ sent: 0, batches: 0, pending: 3 });
    const warning = second.warnings.find((w) => w.code === 'indexnow-failed');
    expect(warning?.message).toMatch(/did not take 3 changed URLs: no answer within 0.3 s/);
    expect(second.files.length).toBeGreaterThan(0);

    const server = await endpoint();
    const third = await generateSitemaps(options(dist, { endpoint: server.url }));
    expect(server.requests.map((r) => r.body.urlList)).toEqual([
      [`${SITE}/b/`, `${SITE}/c/`, `${SITE}/d/`],
    ]);
    expect(third.indexNow).toMatchObject({ sent: 3, batches: 1 });
  });

  it('warns when the endpoint refuses the connection', async () => {
    const { dist } = await site();
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    const result = await generateSitemaps(
      options(dist, { endpoint: `http://127.0.0.1:${port}/indexnow`, initial: 'all' }),
    );
    expect(result.warnings.find((w) => w.code === 'indexnow-failed')?.message).toContain(
      'the request failed (ECONNREFUSED)',
    );
    expect(result.indexNow).toMatchObject({ sent: 0, pending: 4 });
  });

  it('retries a 429, honouring Retry-After', async () => {
    const { dist } = await site();
    const server = await endpoint((_req, res, n) => {
      if (n === 1) res.writeHead(429, { 'Retry-After': '0' }).end();
      else res.writeHead(200).end();
    });
    const result = await generateSitemaps(options(dist, { endpoint: server.url, initial: 'all' }));
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toEqual(server.requests[0]?.body);
    expect(result.indexNow).toMatchObject({ sent: 4, batches: 1 });
    expect(result.warnings.filter((w) => w.code === 'indexnow-failed')).toEqual([]);
  });

  it('gives up after two retries of a 5xx', async () => {
    const { dist } = await site();
    const server = await endpoint((_req, res) => res.writeHead(503).end());
    const result = await generateSitemaps(options(dist, { endpoint: server.url, initial: 'all' }));
    expect(server.requests).toHaveLength(3);
    expect(result.indexNow).toMatchObject({ sent: 0, pending: 4 });
    expect(result.warnings.find((w) => w.code === 'indexnow-failed')?.message).toMatch(
      /HTTP 503.*after 3 tries/,
    );
  });

  it('warns about a 403 naming the key, without failing the build', async () => {
    const { dist } = await site();
    const server = await endpoint((_req, res) => res.writeHead(403).end());
    const result = await generateSitemaps(options(dist, { endpoint: server.url, initial: 'all' }));
    expect(server.requests).toHaveLength(1);
    const message = result.warnings.find((w) => w.code === 'indexnow-failed')?.message;
    expect(message).toMatch(/HTTP 403, forbidden: the key is not valid/);
    expect(message).toContain('`indexNow.key`');
    expect(message).toContain(`${KEY}.txt`);
    expect(result.indexNow).toMatchObject({ sent: 0, pending: 4 });
  });

  it('a dry run sends nothing, records nothing and says what it would send', async () => {
    const { dist } = await site();
    const server = await endpoint();
    await generateSitemaps(options(dist, { endpoint: server.url }));
    await change(dist);
    const dry = await generateSitemaps(options(dist, { endpoint: server.url, dryRun: true }));
    expect(server.requests).toEqual([]);
    expect(dry.indexNow).toEqual({
      sent: 3,
      batches: 1,
      dryRun: true,
      endpoint: server.url,
      urls: [`${SITE}/b/`, `${SITE}/c/`, `${SITE}/d/`],
    });
    // The state did not move: the real build sends the same URLs.
    const real = await generateSitemaps(options(dist, { endpoint: server.url }));
    expect(server.requests.map((r) => r.body.urlList)).toEqual([dry.indexNow?.urls]);
    expect(real.indexNow?.sent).toBe(3);
  });

  it('refuses a bad key, naming indexNow.key', async () => {
    const { dist } = await site();
    await expect(generateSitemaps(options(dist, { key: 'short' }))).rejects.toMatchObject({
      code: 'invalid-options',
      message: expect.stringContaining('`indexNow.key` must be 8 to 128 characters'),
    });
    await expect(
      generateSitemaps(options(dist, { key: 'has_underscore_and.dot' })),
    ).rejects.toMatchObject({ code: 'invalid-options' });
    await expect(
      generateSitemaps(
        options(dist, { endpoint: 'ftp://x', keyLocation: 'https://other.com/k.txt' }),
      ),
    ).rejects.toMatchObject({
      problems: [
        expect.stringContaining('`indexNow.endpoint`'),
        expect.stringContaining("`indexNow.keyLocation` must be on the site's host"),
      ],
    });
  });

  it('sends nothing from a preview build', async () => {
    const { dist } = await site();
    const server = await endpoint();
    process.env.CONTEXT = 'deploy-preview';
    const result = await generateSitemaps(options(dist, { endpoint: server.url, initial: 'all' }));
    expect(server.requests).toEqual([]);
    expect(result.indexNow?.skipped).toMatch(/preview build \(CONTEXT=deploy-preview\)/);
    expect(await exists(join(dist, STATE))).toBe(false);
    process.env.CONTEXT = 'production';
    await generateSitemaps(options(dist, { endpoint: server.url, initial: 'all' }));
    expect(server.requests).toHaveLength(1);
  });

  it('keeps a key file holding the key, and refuses one holding anything else', async () => {
    const { dist } = await site();
    const server = await endpoint();
    await writeFile(join(dist, `${KEY}.txt`), `${KEY}\n`);
    await generateSitemaps(options(dist, { endpoint: server.url }));
    expect(await readFile(join(dist, `${KEY}.txt`), 'utf8')).toBe(`${KEY}\n`);
    await writeFile(join(dist, `${KEY}.txt`), 'something else');
    await expect(generateSitemaps(options(dist, { endpoint: server.url }))).rejects.toMatchObject({
      code: 'foreign-file',
      message: expect.stringContaining(`${KEY}.txt is there already`),
    });
    expect(await readFile(join(dist, `${KEY}.txt`), 'utf8')).toBe('something else');
  });

  it('never replaces a stateFile that is not a state file of ours: refused before anything is written', async () => {
    const { root, dist } = await site();
    const server = await endpoint();
    await writeFile(join(root, 'notes.json'), '{"mine": true}');
    await expect(
      generateSitemaps({
        ...options(dist, { endpoint: server.url, stateFile: 'notes.json' }),
        root,
      }),
    ).rejects.toMatchObject({
      code: 'foreign-file',
      message: expect.stringContaining(
        'notes.json is there already and is not an IndexNow state file',
      ),
    });
    expect(await readFile(join(root, 'notes.json'), 'utf8')).toBe('{"mine": true}');
    expect((await readdir(dist)).filter((n) => n.startsWith('sitemap'))).toEqual([]);
  });

  it('under a base path, sends the key location', async () => {
    const { dist } = await site();
    const server = await endpoint();
    await generateSitemaps({
      ...options(dist, { endpoint: server.url, initial: 'all' }),
      site: `${SITE}/docs/`,
    });
    expect(server.requests[0]?.body.keyLocation).toBe(`${SITE}/docs/${KEY}.txt`);
    expect(server.requests[0]?.body.urlList[0]).toBe(`${SITE}/docs/`);
  });
});

/**
 * A live site on 127.0.0.1: GETs answer from `files` (the deployed set; 404 when absent, no
 * answer at all for a path in `silent`), POSTs to /indexnow are recorded and answered 202.
 */
async function liveSite(): Promise<{
  origin: string;
  endpoint: string;
  files: Map<string, string | Buffer>;
  silent: Set<string>;
  gets: string[];
  requests: Recorded[];
  deploy: (dist: string) => Promise<void>;
}> {
  const files = new Map<string, string | Buffer>();
  const silent = new Set<string>();
  const gets: string[] = [];
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'POST' && path === '/indexnow') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      requests.push({
        method: req.method,
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.writeHead(202).end();
      return;
    }
    gets.push(path);
    if (silent.has(path)) return;
    const body = files.get(path);
    if (body === undefined) res.writeHead(404, { 'Content-Type': 'text/html' }).end('not found');
    else {
      const gz = path.endsWith('.gz');
      res.writeHead(200, { 'Content-Type': gz ? 'application/gzip' : 'application/xml' });
      res.end(body);
    }
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  /** What a deploy does: the built folder's top files go live, the old ones go. */
  const deploy = async (dist: string) => {
    files.clear();
    for (const name of await readdir(dist, { withFileTypes: true }))
      if (name.isFile()) files.set(`/${name.name}`, await readFile(join(dist, name.name)));
  };
  return { origin, endpoint: `${origin}/indexnow`, files, silent, gets, requests, deploy };
}

function deployedOptions(
  dist: string,
  origin: string,
  indexNow: Partial<NonNullable<SitemapOptions['indexNow']>> = {},
): SitemapOptions {
  return {
    ...options(dist, { endpoint: `${origin}/indexnow`, compare: 'deployed', ...indexNow }),
    site: origin,
  };
}

const urlset = (urls: Array<[string, string?]>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map(
      ([loc, lastmod]) =>
        `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
    .join('')}</urlset>`;
const sitemapIndex = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
    .join('')}</sitemapindex>`;

const indexnowWarnings = (result: { warnings: Array<{ code: string }> }) =>
  result.warnings.filter((w) => w.code.startsWith('indexnow'));

describe("IndexNow with compare: 'deployed'", () => {
  it('sends nothing on a first deploy, then exactly what differs from the deployed sitemaps', async () => {
    const { dist } = await site();
    const live = await liveSite();
    const first = await generateSitemaps(deployedOptions(dist, live.origin));
    expect(live.gets).toEqual(['/sitemap-index.xml']);
    expect(live.requests).toEqual([]);
    expect(first.indexNow?.skipped).toMatch(
      /first deploy: http:\/\/127\.0\.0\.1:\d+\/sitemap-index\.xml is not on the site yet, nothing sent/,
    );
    expect(indexnowWarnings(first)).toEqual([]);
    // No state file: the deployed sitemaps are the record.
    expect(await exists(join(dist, STATE))).toBe(false);
    await live.deploy(dist);

    // As Vite and Astro do: the output folder starts empty.
    await rm(dist, { recursive: true });
    await makeTreeIn(dist, {
      'index.html': dated('2024-01-01'),
      'a/index.html': dated('2024-01-02'),
      'b/index.html': dated('2024-02-02'),
      'd/index.html': dated('2024-02-01'),
    });
    live.gets.length = 0;
    const second = await generateSitemaps(deployedOptions(dist, live.origin));
    expect(indexnowWarnings(second)).toEqual([]);
    expect(live.gets[0]).toBe('/sitemap-index.xml');
    expect(live.gets.slice(1)).toEqual([expect.stringMatching(/^\/sitemap-0-[0-9a-f]+\.xml$/)]);
    const o = live.origin;
    expect(live.requests.map((r) => r.body)).toEqual([
      { host: new URL(o).host, key: KEY, urlList: [`${o}/b/`, `${o}/c/`, `${o}/d/`] },
    ]);
    expect(second.indexNow).toEqual({
      sent: 3,
      batches: 1,
      dryRun: false,
      endpoint: live.endpoint,
    });
    expect(await exists(join(dist, STATE))).toBe(false);

    // Deployed: nothing differs any more.
    await live.deploy(dist);
    const third = await generateSitemaps(deployedOptions(dist, live.origin));
    expect(live.requests).toHaveLength(1);
    expect(third.indexNow?.skipped).toBe('no URL changed from the deployed sitemaps');
  });

  it('reads gzipped deployed sitemaps, by their content', async () => {
    const { dist } = await site();
    const live = await liveSite();
    await generateSitemaps({ ...deployedOptions(dist, live.origin), gzip: true });
    await live.deploy(dist);
    expect([...live.files.keys()].some((p) => p.endsWith('.xml.gz'))).toBe(true);
    await change(dist);
    const second = await generateSitemaps({ ...deployedOptions(dist, live.origin), gzip: true });
    expect(indexnowWarnings(second)).toEqual([]);
    const o = live.origin;
    expect(live.requests.map((r) => r.body.urlList)).toEqual([[`${o}/b/`, `${o}/c/`, `${o}/d/`]]);

    // A gzipped sitemap served under a plain name is still read (and a plain one under .gz).
    live.files.clear();
    live.files.set('/sitemap-index.xml', sitemapIndex([`${o}/old.xml`, `${o}/old2.xml.gz`]));
    live.files.set('/old.xml', gzipSync(urlset([[`${o}/`, '2024-01-01']])));
    live.files.set(
      '/old2.xml.gz',
      urlset([
        [`${o}/a/`, '2024-01-02'],
        [`${o}/b/`, '2024-02-02'],
        [`${o}/d/`, '2024-02-01'],
      ]),
    );
    const third = await generateSitemaps({ ...deployedOptions(dist, live.origin), gzip: true });
    expect(indexnowWarnings(third)).toEqual([]);
    expect(third.indexNow?.skipped).toBe('no URL changed from the deployed sitemaps');
  });

  it("sends every URL on a first deploy with initial: 'all'", async () => {
    const { dist } = await site();
    const live = await liveSite();
    const result = await generateSitemaps(deployedOptions(dist, live.origin, { initial: 'all' }));
    const o = live.origin;
    expect(live.requests.map((r) => r.body.urlList)).toEqual([
      [`${o}/`, `${o}/a/`, `${o}/b/`, `${o}/c/`],
    ]);
    expect(result.indexNow).toMatchObject({ sent: 4, batches: 1 });
    expect(await exists(join(dist, STATE))).toBe(false);
  });

  it('warns and sends nothing when the deployed site does not answer; the build succeeds', async () => {
    const { dist } = await site();
    const live = await liveSite();
    live.silent.add('/sitemap-index.xml');
    indexNowTuning.timeoutMs = 300;
    const result = await generateSitemaps(deployedOptions(dist, live.origin, { initial: 'all' }));
    expect(live.requests).toEqual([]);
    const warning = result.warnings.find((w) => w.code === 'indexnow-failed');
    expect(warning?.url).toBe(`${live.origin}/sitemap-index.xml`);
    expect(warning?.message).toMatch(
      /the deployed sitemaps could not be read \(http:\/\/127\.0\.0\.1:\d+\/sitemap-index\.xml: no answer within 0\.3 s\)/,
    );
    expect(result.indexNow).toMatchObject({ sent: 0, batches: 0 });
    expect(result.indexNow?.skipped).toMatch(/could not be read: nothing sent/);
    expect(result.files.length).toBeGreaterThan(0);
    expect(await exists(join(dist, 'sitemap-index.xml'))).toBe(true);
  });

  it('warns and sends nothing when the total budget runs out', async () => {
    const { dist } = await site();
    const live = await liveSite();
    const o = live.origin;
    live.files.set('/sitemap-index.xml', sitemapIndex([`${o}/slow.xml`]));
    live.silent.add('/slow.xml');
    indexNowTuning.deployedBudgetMs = 200;
    const result = await generateSitemaps(deployedOptions(dist, live.origin));
    expect(live.requests).toEqual([]);
    const warning = result.warnings.find((w) => w.code === 'indexnow-failed');
    expect(warning?.url).toBe(`${o}/slow.xml`);
    expect(warning?.message).toContain('took more than 0.2 s in all');
  });

  it('warns about a deployed sitemap that is not readable XML, or gone, naming it', async () => {
    const { dist } = await site();
    const live = await liveSite();
    const o = live.origin;
    live.files.set('/sitemap-index.xml', sitemapIndex([`${o}/broken.xml`]));
    live.files.set(
      '/broken.xml',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>x',
    );
    const broken = await generateSitemaps(deployedOptions(dist, live.origin));
    expect(live.requests).toEqual([]);
    const warning = broken.warnings.find((w) => w.code === 'indexnow-failed');
    expect(warning?.url).toBe(`${o}/broken.xml`);
    expect(warning?.message).toMatch(/broken\.xml: it is not a readable sitemap/);

    live.files.delete('/broken.xml');
    const gone = await generateSitemaps(deployedOptions(dist, live.origin));
    expect(gone.warnings.find((w) => w.code === 'indexnow-failed')?.message).toMatch(
      /broken\.xml: the index lists it, but the server says it is not there/,
    );

    live.files.set('/sitemap-index.xml', '<!doctype html><html><body>Welcome</body></html>');
    const html = await generateSitemaps(deployedOptions(dist, live.origin));
    expect(html.warnings.find((w) => w.code === 'indexnow-failed')?.url).toBe(
      `${o}/sitemap-index.xml`,
    );
    expect(live.requests).toEqual([]);
  });

  it('follows only sitemaps on the same origin, and not customSitemaps', async () => {
    const { dist } = await site();
    const live = await liveSite();
    const other = await liveSite();
    const o = live.origin;
    other.files.set('/elsewhere.xml', urlset([[`${o}/elsewhere/`, '2024-01-01']]));
    live.files.set('/theirs.xml', urlset([[`${o}/theirs/`, '2024-01-01']]));
    live.files.set(
      '/sitemap-index.xml',
      sitemapIndex([`${o}/ours.xml`, `${other.origin}/elsewhere.xml`, `${o}/theirs.xml`]),
    );
    live.files.set(
      '/ours.xml',
      urlset([
        [`${o}/`, '2024-01-01'],
        [`${o}/a/`, '2024-01-02'],
        [`${o}/b/`, '2024-01-03'],
        [`${o}/c/`, '2024-01-04'],
        ['https://another.example/c/', '2024-01-04'],
      ]),
    );
    await change(dist);
    const result = await generateSitemaps({
      ...deployedOptions(dist, live.origin),
      customSitemaps: [`${o}/theirs.xml`],
    });
    expect(indexnowWarnings(result)).toEqual([]);
    expect(other.gets).toEqual([]);
    expect(live.gets).toEqual(['/sitemap-index.xml', '/ours.xml']);
    // Neither /elsewhere/ nor /theirs/ is taken for a removed URL of this site.
    expect(live.requests.map((r) => r.body.urlList)).toEqual([[`${o}/b/`, `${o}/c/`, `${o}/d/`]]);
  });

  it('reads the numbered index files that follow a full one', async () => {
    const { dist } = await site();
    const live = await liveSite();
    const o = live.origin;
    live.files.set('/sitemap-index.xml', sitemapIndex([`${o}/s1.xml`]));
    live.files.set('/sitemap-index-1.xml', sitemapIndex([`${o}/s2.xml`]));
    live.files.set(
      '/s1.xml',
      urlset([
        [`${o}/`, '2024-01-01'],
        [`${o}/a/`, '2024-01-02'],
      ]),
    );
    live.files.set(
      '/s2.xml',
      urlset([
        [`${o}/b/`, '2024-01-03'],
        [`${o}/c/`, '2024-01-04'],
      ]),
    );
    const result = await generateSitemaps({
      ...deployedOptions(dist, live.origin),
      maxUrlsPerSitemap: 1,
      maxSitemapsPerIndex: 1,
    });
    expect(indexnowWarnings(result)).toEqual([]);
    expect(live.gets).toEqual([
      '/sitemap-index.xml',
      '/sitemap-index-1.xml',
      '/sitemap-index-2.xml',
      '/s1.xml',
      '/s2.xml',
    ]);
    expect(result.indexNow?.skipped).toBe('no URL changed from the deployed sitemaps');
  });

  it('reads the index under the base path and custom filenameBase; a dry run says what it would send', async () => {
    const { dist } = await site();
    const live = await liveSite();
    const o = live.origin;
    live.files.set('/docs/pages-index.xml', sitemapIndex([`${o}/docs/pages-0.xml`]));
    live.files.set('/docs/pages-0.xml', urlset([[`${o}/docs/`, '2024-01-01']]));
    const result = await generateSitemaps({
      ...deployedOptions(dist, live.origin, { dryRun: true }),
      site: `${o}/docs/`,
      filenameBase: 'pages',
    });
    expect(live.gets).toEqual(['/docs/pages-index.xml', '/docs/pages-0.xml']);
    expect(live.requests).toEqual([]);
    expect(result.indexNow).toMatchObject({
      sent: 3,
      dryRun: true,
      urls: [`${o}/docs/a/`, `${o}/docs/b/`, `${o}/docs/c/`],
    });
  });

  it('refuses a stateFile with compare: deployed, and an unknown compare', async () => {
    const { dist } = await site();
    await expect(
      generateSitemaps(options(dist, { compare: 'deployed', stateFile: '.cache/state.tsv.gz' })),
    ).rejects.toMatchObject({
      problems: [
        expect.stringContaining(
          "`indexNow.stateFile` is not used with `indexNow.compare: 'deployed'`",
        ),
      ],
    });
    await expect(
      generateSitemaps(options(dist, { compare: 'live' as 'deployed' })),
    ).rejects.toMatchObject({
      problems: [expect.stringContaining("`indexNow.compare` must be 'state' or 'deployed'")],
    });
  });
});
