// Lists the translation keys German has and English lacks (and the reverse), one per line:
//   node scripts/i18n-missing.mjs
// apps/web/src/lib/i18n.test.ts fails on the same difference.
import fs from 'node:fs';

const read = (lang) => JSON.parse(fs.readFileSync(new URL(`../apps/web/public/assets/i18n/${lang}.json`, import.meta.url), 'utf8'));
const keys = (tree, prefix = '') =>
  Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const de = new Set(keys(read('de')));
const en = new Set(keys(read('en')));
const missing = [...de].filter((k) => !en.has(k));
const extra = [...en].filter((k) => !de.has(k));
for (const k of missing) console.log(`missing in en.json: ${k}`);
for (const k of extra) console.log(`only in en.json: ${k}`);
console.log(`${missing.length} missing, ${extra.length} extra (${de.size} German keys)`);
process.exitCode = missing.length || extra.length ? 1 : 0;
