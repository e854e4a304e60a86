// Writes src/assets/privacy-policy.pdf from the same policy.json the page renders, so the download never
// drifts from the page. A dependency-free PDF 1.4 writer: Helvetica text, word-wrapped, multi-page.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const policy = JSON.parse(readFileSync(join(root, 'src/features/privacy/policy.json'), 'utf8'));
const out = join(root, 'src/assets/privacy-policy.pdf');

const PAGE_W = 595,
  PAGE_H = 842,
  MARGIN = 56,
  MAX_CHARS = 92;

/** Lines of [fontSize, bold, text]; wrap by character count, which is close enough for Helvetica body text. */
function wrap(text, max) {
  const words = text.split(/\s+/);
  const lines = [];
  let cur = '';
  for (const w of words) {
    if ((cur + ' ' + w).trim().length > max) {
      lines.push(cur);
      cur = w;
    } else cur = (cur + ' ' + w).trim();
  }
  if (cur) lines.push(cur);
  return lines;
}
const lines = [
  [18, true, policy.title],
  [10, false, `Last updated ${policy.lastUpdated}`],
  [10, false, ''],
];
for (const l of wrap(policy.intro, MAX_CHARS)) lines.push([10, false, l]);
for (const s of policy.sections) {
  lines.push([10, false, '']);
  lines.push([13, true, s.heading]);
  for (const p of s.paragraphs) {
    for (const l of wrap(p, MAX_CHARS)) lines.push([10, false, l]);
    lines.push([4, false, '']);
  }
}

// Only ASCII/Latin-1 reaches WinAnsi; escape PDF string delimiters.
const esc = (t) =>
  t
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\xff]/g, '?')
    .replace(/([\\()])/g, '\\$1');

const pages = [];
let ops = [],
  y = PAGE_H - MARGIN;
for (const [size, bold, text] of lines) {
  const lead = size * 1.45;
  if (y - lead < MARGIN) {
    pages.push(ops);
    ops = [];
    y = PAGE_H - MARGIN;
  }
  y -= lead;
  if (text)
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td (${esc(text)}) Tj ET`);
}
pages.push(ops);

const objs = [];
const add = (body) => {
  objs.push(body);
  return objs.length;
};
const catalog = add(''),
  pagesObj = add('');
const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
const kids = [];
for (const p of pages) {
  const stream = p.join('\n');
  const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  kids.push(
    add(
      `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${content} 0 R >>`,
    ),
  );
}
objs[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
objs[pagesObj - 1] =
  `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
const info = add(`<< /Title (${esc(policy.title)}) /Producer (Wayfarer build) >>`);

let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
objs.forEach((body, i) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
});
const xref = Buffer.byteLength(pdf, 'latin1');
pdf +=
  `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` +
  offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
pdf += `trailer\n<< /Size ${objs.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, Buffer.from(pdf, 'latin1'));
console.log(`privacy-policy.pdf: ${pages.length} page(s), ${Buffer.byteLength(pdf, 'latin1')} bytes`);
