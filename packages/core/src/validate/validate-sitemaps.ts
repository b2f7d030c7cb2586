/**
 * The one orchestrator of `sitemapkit validate`: find the target -> read each file as a stream ->
 * check its entries -> follow an index to its sitemaps -> check the set -> XSD pass -> report.
 * Reads the disk (through find-target, read-sitemap and xsd); everything it decides is in the pure
 * modules beside it. Findings go to a FindingLog, which keeps a bounded number of them.
 */

import { resolve } from 'node:path';
import { clip } from '../url/shorten.js';
import { MAX_EXTENSION_NAMES } from './bounds.js';
import { checkEntry } from './check-entry.js';
import { checkLimits } from './check-limits.js';
import { isIndexLastmodStale, SetChecker } from './check-set.js';
import { parseHttpUrl } from './check-url.js';
import { type FoundTarget, fileInFolder, findTarget } from './find-target.js';
import { FindingLog } from './finding-log.js';
import { type Exists, resolveListed } from './follow-index.js';
import type { ParsedEntry, RootKind } from './parse-sitemap.js';
import { readSitemap } from './read-sitemap.js';
import { type ResolvedValidateOptions, resolveValidateOptions } from './resolve-options.js';
import { RULES, type RuleId, type Severity } from './rules.js';
import { inferSite, urlOfFile } from './site.js';
import type { Finding, ReportFile, SiteInfo, ValidateOptions, ValidationReport } from './types.js';
import { OwnErrorLines } from './xsd-findings.js';
import { XsdQueue } from './xsd-queue.js';

const fmt = (n: number): string => n.toLocaleString('en-US');

interface Visit {
  file: string;
  /** The URL the file is served at, when a listing says so. */
  url?: string;
  /** The index entry that listed the file. */
  listedBy?: {
    file: string;
    line: number;
    loc: string;
    lastmod?: { latest: number; value: string; line: number };
  };
}

class Run {
  readonly files: ReportFile[] = [];
  private readonly log = new FindingLog();
  /** Per file being read, its own error lines, for the XSD pass to leave out what they cover. */
  private readonly ownErrors = new Map<string, OwnErrorLines>();
  private readonly order = new Map<string, number>();
  private readonly kinds = new Map<string, RootKind | undefined>();
  private readonly set = new SetChecker((note) => this.add(note.rule, note.file, note));
  private site: URL | undefined;
  private siteInfo: SiteInfo | null = null;
  private readonly xsd = new XsdQueue((rule, file, fields) => this.add(rule, file, fields));

  constructor(
    private readonly root: string,
    private readonly opts: ResolvedValidateOptions,
  ) {
    this.exists = fileInFolder(root);
    this.site = opts.site;
    if (opts.site !== undefined) this.siteInfo = { url: opts.site.href, source: 'option' };
  }

  private add(
    rule: RuleId,
    file: string,
    fields: Omit<Finding, 'rule' | 'file' | 'severity'> & { severity?: Severity },
  ) {
    const { line, url, message } = fields;
    const finding: Finding = {
      rule,
      severity: fields.severity ?? RULES[rule].severity,
      file,
      ...(line !== undefined && { line }),
      ...(url !== undefined && { url }),
      message,
    };
    this.ownErrors.get(file)?.note(rule, finding.severity, line);
    this.log.add(finding);
  }

  /** A regular file in the folder (after symlinks), never outside it; else what is there. */
  private readonly exists: Exists;

  private infer(loc: string, source: SiteInfo['source'], from: string): void {
    if (this.site !== undefined) return;
    this.site = inferSite(loc, (file) => this.exists(file) === true);
    if (this.site !== undefined) this.siteInfo = { url: clip(this.site.href), source, from };
  }

  async run(found: FoundTarget): Promise<ValidationReport> {
    /** A stack, last first: an index's sitemaps are checked right after it, in their order. */
    const queue: Visit[] = [];
    const later: Visit[] = [];
    for (const { url, line } of found.robots ?? []) {
      this.infer(url, 'robots', 'robots.txt');
      const listed = resolveListed(
        url,
        { file: 'robots.txt', self: undefined },
        this.site,
        this.exists,
      );
      if (listed.kind === 'file') later.push({ file: listed.file, url });
      else if (listed.kind === 'finding')
        this.add(listed.rule, 'robots.txt', { line, url, message: listed.message });
    }
    for (const { file, message } of found.problems) {
      this.add('file-unreadable', file, { message: `cannot be read: ${message}` });
    }
    for (const file of found.files) later.push({ file });
    for (let i = later.length - 1; i >= 0; i--) queue.push(later[i] as Visit);
    if (queue.length === 0 && found.robots === undefined) {
      this.add('no-sitemap', '.', {
        message:
          'no sitemap found: no sitemap-index.xml, sitemap.xml, robots.txt Sitemap: line, or *.xml with a <urlset> or <sitemapindex> root',
      });
    }
    for (let visit = queue.pop(); visit !== undefined; visit = queue.pop()) {
      if (this.kinds.has(visit.file)) {
        if (visit.listedBy !== undefined && this.kinds.get(visit.file) === 'sitemapindex')
          this.nested(visit);
        continue;
      }
      const children = await this.visit(visit);
      for (let i = children.length - 1; i >= 0; i--) queue.push(children[i] as Visit);
    }
    await this.xsd.drain();
    for (const f of this.set.finish()) this.add(f.rule, f.file, f);
    const logged = this.log.finish((file) => this.order.get(file) ?? -1);
    return {
      root: this.root,
      site: this.siteInfo,
      files: this.files,
      ...logged,
      urlCount: this.files.reduce((n, f) => n + (f.kind === 'urlset' ? f.urlCount : 0), 0),
    };
  }

  private nested(visit: Visit): void {
    const by = visit.listedBy;
    if (by === undefined) return;
    this.add('index-nested', by.file, {
      line: by.line,
      url: by.loc,
      message: `lists ${visit.file}, an index: an index lists only sitemaps`,
    });
  }

  /** Checks one file; returns the sitemaps it lists, to check next. */
  private async visit(visit: Visit): Promise<Visit[]> {
    const { file } = visit;
    this.order.set(file, this.order.size);
    const selfUrl = () =>
      visit.url ?? (this.site === undefined ? undefined : urlOfFile(file, this.site));
    let parsedSelf: { text: string | undefined; url: URL | undefined } | undefined;
    /** The file's own URL, parsed once (it changes only when an index lets us infer the site). */
    const self = (): URL | undefined => {
      const text = selfUrl();
      const current =
        parsedSelf !== undefined && parsedSelf.text === text
          ? parsedSelf
          : { text, url: parseHttpUrl(text ?? '') };
      parsedSelf = current;
      return current.url;
    };
    const children: Visit[] = [];
    /** The files listed so far: a file listed again under another URL is followed once. */
    const childFiles = new Set<string>();
    let newest: { earliest: number; value: string } | undefined;
    const onUrl = (entry: ParsedEntry) => {
      const check = checkEntry(entry, { kind: 'urlset', self: self(), now: this.opts.now });
      for (const f of check.findings) this.add(f.rule, file, f);
      if (
        check.lastmod !== undefined &&
        (newest === undefined || check.lastmod.earliest > newest.earliest)
      )
        newest = check.lastmod;
      if (check.loc === undefined || check.loc === '') return;
      const duplicate = this.set.addUrl(check.loc, file, entry.loc?.line ?? entry.line, check.key);
      if (duplicate !== undefined) this.add(duplicate.rule, file, duplicate);
      if (check.alternates.length > 0) {
        this.set.addAlternates(check.loc, check.key ?? check.loc, check.alternates, file);
      }
    };
    const onSitemap = (entry: ParsedEntry) => {
      const loc = entry.loc?.value.trim() ?? '';
      if (loc !== '') this.infer(loc, 'index', file);
      const check = checkEntry(entry, { kind: 'sitemapindex', self: self(), now: this.opts.now });
      for (const f of check.findings) this.add(f.rule, file, f);
      const line = entry.loc?.line ?? entry.line;
      if (loc === '' || visit.listedBy !== undefined) return;
      const duplicate = this.set.addSitemap(loc, file, line);
      if (duplicate !== undefined) return this.add(duplicate.rule, file, duplicate);
      const listed = resolveListed(loc, { file, self: self() }, this.site, this.exists);
      if (listed.kind === 'finding')
        this.add(listed.rule, file, { line, url: loc, message: listed.message });
      if (listed.kind !== 'file' || childFiles.has(listed.file)) return;
      childFiles.add(listed.file);
      const child: Visit = { file: listed.file, listedBy: { file, line, loc } };
      if (parseHttpUrl(loc) !== undefined) child.url = loc;
      if (check.lastmod !== undefined && child.listedBy !== undefined) {
        child.listedBy.lastmod = { ...check.lastmod, line: entry.lastmod?.line ?? line };
      }
      children.push(child);
    };

    const own = new OwnErrorLines();
    if (this.opts.xsd) this.ownErrors.set(file, own);
    const result = await readSitemap(resolve(this.root, file), {
      keepXml: this.opts.xsd,
      onEntries: (entries, root) => {
        for (const entry of entries) (root === 'urlset' ? onUrl : onSitemap)(entry);
      },
      onFindings: (findings) => {
        for (const f of findings) this.add(f.rule, file, f);
      },
      onDropped: (rule, count) => this.log.addDropped(file, rule, RULES[rule].severity, count),
    });
    const kind = result.parser.root;
    this.kinds.set(file, kind);
    if (result.unreadable !== undefined) {
      this.add('file-unreadable', file, {
        message: `cannot be read${result.gzip ? ' as gzip' : ''}: ${result.unreadable}`,
      });
    }
    const stopped = result.stoppedAt !== undefined;
    const report: ReportFile = {
      path: file,
      kind: kind === 'sitemapindex' ? 'index' : 'urlset',
      urlCount: result.parser.entryCount,
      bytes: result.bytes,
      // A plain file's size is its uncompressed size, read to the end or not.
      xmlBytes: stopped && !result.gzip ? result.bytes : result.xmlBytes,
    };
    const url = selfUrl();
    if (url !== undefined) report.url = clip(url);
    if (stopped) report.partial = true;
    this.files.push(report);
    const read =
      result.stoppedAt === undefined
        ? undefined
        : { file, line: result.stoppedAt, gzip: result.gzip, bytes: result.bytes };
    const limits = checkLimits(
      kind,
      result.parser.entryCount,
      result.xmlBytes,
      this.opts.limits,
      read,
    );
    for (const f of limits) this.add(f.rule, file, f);
    if (kind === 'sitemapindex') this.nested(visit);
    const listedLastmod = visit.listedBy?.lastmod;
    if (
      listedLastmod !== undefined &&
      newest !== undefined &&
      isIndexLastmodStale(listedLastmod, newest)
    ) {
      this.add('index-lastmod-stale', visit.listedBy?.file ?? file, {
        line: listedLastmod.line,
        url: visit.listedBy?.loc,
        message: `the index says ${listedLastmod.value}, but ${file} has a URL modified ${newest.value}`,
      });
    }
    this.ownErrors.delete(file);
    if (this.opts.xsd && result.xml !== undefined && kind !== undefined) {
      if (result.parser.extensionsOverflow) {
        this.add('xsd-extension-not-checked', file, {
          message: `more than ${fmt(MAX_EXTENSION_NAMES)} extension element names: the file was not XSD-checked`,
        });
      } else {
        const job = { kind, xml: result.xml, extensions: result.parser.extensions };
        await this.xsd.add(file, job, { spans: result.parser.spans, own });
      }
    }
    return children;
  }
}

/**
 * Checks a built folder, a sitemap or an index (`.xml` or `.xml.gz`) against the Sitemaps
 * protocol, following an index to its sitemaps.
 * @throws {SitemapError} `invalid-options` when the target does not exist or an option is invalid.
 * @example const report = await validateSitemaps('dist', { site: 'https://example.com/' });
 */
export async function validateSitemaps(
  target: string,
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const resolved = resolveValidateOptions(options);
  const found = await findTarget(target);
  return new Run(found.root, resolved).run(found);
}
