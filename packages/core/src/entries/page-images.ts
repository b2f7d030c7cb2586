/**
 * The `images` option: reads the images of every listed page's body (`readImages`) into its
 * record, with a warning naming each page whose images were cut. Runs on the main thread, after
 * the heads were judged, so a page its head leaves out is never read twice.
 */
import { readImages } from '../discover/read-images.js';
import { isMissingDependency } from '../errors.js';
import { MAX_IMAGES_PER_URL, MAX_URL_LENGTH } from '../limits.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { PageRecord, SitemapWarning } from '../types.js';
import { echo } from '../url/shorten.js';

export function readPageImages(
  records: Iterable<PageRecord>,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): void {
  const images = options.images;
  if (!images) return;
  for (const record of records) {
    if (record.excluded || record.file === null) continue;
    const file = record.file;
    let found: ReturnType<typeof readImages>;
    try {
      found = readImages(`${options.outDir}/${file}`, {
        pageUrl: record.url,
        origin: options.origin,
        external: images.external,
      });
    } catch (error) {
      if (isMissingDependency(error)) throw error;
      warnings.push({
        code: 'images-unreadable',
        message: `${echo(file)}: its images cannot be read (${echo((error as Error).message, 400)}); listed without images`,
        file,
      });
      continue;
    }
    if (found.images.length > 0) record.images = found.images.map((loc) => ({ loc }));
    if (found.tooMany) {
      warnings.push({
        code: 'images-too-many',
        message: `${echo(file)}: it has more than ${MAX_IMAGES_PER_URL.toLocaleString('en-US')} images; only the first ${MAX_IMAGES_PER_URL.toLocaleString('en-US')} are listed (Google reads no more)`,
        file,
        url: record.url,
      });
    }
    if (found.tooLong) {
      const { first, count } = found.tooLong;
      warnings.push({
        code: 'image-url-too-long',
        message: `${echo(file)}: ${count === 1 ? 'an image URL' : `${count} image URLs`} of ${MAX_URL_LENGTH.toLocaleString('en-US')} characters or more (${echo(first)}) left out`,
        file,
        url: record.url,
      });
    }
    if (found.cutAt !== undefined) {
      warnings.push({
        code: 'images-page-too-long',
        message: `${echo(file)}: it is longer than ${found.cutAt / 1024 / 1024} MiB; read only its first ${found.cutAt / 1024 / 1024} MiB for images, so an image after that is not listed`,
        file,
        url: record.url,
      });
    }
  }
}
