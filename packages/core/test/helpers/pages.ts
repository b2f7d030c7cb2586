/** Pages as a build hands them on: rows of a page table, in a list. */
import { PageList } from '../../src/columns/page-list.js';
import { PageTable } from '../../src/columns/page-table.js';
import type { PageRecord } from '../../src/types.js';

/** A list of pages, each a row of one new table with the fields given (`file` null if not). */
export function pageList(
  records: ReadonlyArray<Partial<PageRecord> & Pick<PageRecord, 'url'>>,
  baseUrl = '',
): PageList {
  const table = new PageTable(baseUrl);
  const list = new PageList(table);
  for (const { file = null, url, ...fields } of records) {
    const page = table.add(file, url);
    Object.assign(page, fields);
    list.push(page);
  }
  return list;
}
