/** Renders a page's Markdown source: YAML frontmatter (title, description, dates, tags) and a body. */
import { CODE_BLOCKS, PARAGRAPHS, titleWords } from './text.mjs';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The three spellings real content collections use: bare YAML date, ISO string, Astro template's. */
function yamlDate(date, style) {
  if (style === 'iso') return `'${date.toISOString().replace('.000Z', 'Z')}'`;
  if (style === 'astro') {
    const day = String(date.getUTCDate()).padStart(2, '0');
    return `'${MONTHS[date.getUTCMonth()]} ${day} ${date.getUTCFullYear()}'`;
  }
  return date.toISOString().slice(0, 10);
}

function yamlString(text) {
  return `"${text.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

function frontmatter(page) {
  const lines = [
    '---',
    `title: ${yamlString(page.title)}`,
    `description: ${yamlString(page.description)}`,
    `pubDate: ${yamlDate(page.pubDate, page.dateStyle)}`,
  ];
  if (page.updatedDate) lines.push(`updatedDate: ${yamlDate(page.updatedDate, page.dateStyle)}`);
  lines.push('tags:', ...page.tags.map((tag) => `  - ${tag}`));
  if (page.lang !== 'en') lines.push(`lang: ${page.lang}`);
  lines.push('---', '');
  return lines.join('\n');
}

/** @returns {string} the whole `.md` file */
export function renderMarkdown(page, rng) {
  const parts = [frontmatter(page), `# ${page.title}`, '', page.description, ''];
  let size = parts.reduce((total, part) => total + part.length + 1, 0);
  for (let block = 0; size < page.sourceBytes; block++) {
    let text;
    if (block % 3 === 2) text = `## ${titleWords(rng, 2, 5)}\n`;
    else if (page.kind === 'doc' && rng.chance(0.2))
      text = `\`\`\`js\n${rng.pick(CODE_BLOCKS)}\n\`\`\`\n`;
    else text = `${rng.pick(PARAGRAPHS)}\n`;
    parts.push(text);
    size += text.length + 1;
  }
  return parts.join('\n');
}
