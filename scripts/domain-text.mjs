// The German texts the domain and the server's errors put in front of a customer, and which of them
// en.json's `domainText` lacks:
//   node scripts/domain-text.mjs            (lists the missing ones, exit 1 when any)
//   node scripts/domain-text.mjs --all      (lists every text found)
// A template literal's `${…}` parts become {0}, {1}, … in order, the placeholders of the catalogue.
// apps/web/src/lib/domain-text.test.ts fails on the same list.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** A sentence a customer reads: starts with a capital (or a placeholder), ends like a sentence, is German. */
const looksLikeMessage = (text) =>
  /\s/.test(text) && /[.?!]$/.test(text) && /^([A-ZÄÖÜ„]|\{0\})/.test(text) && /[äöüßÄÖÜ]|\b(Sie|Bitte|Ihr|Ihre|ist|nicht|der|die|das|kein|keine|muss|darf|sein|wurde|kann|gibt|hat)\b/.test(text);

function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s, i) => `{${i}}${s.literal.text}`).join('');
  return null;
}

/** Server literals a customer sees: arguments of AppError/notFound/gone/fieldError, `message:` properties, platform/errors.ts's table. */
const SERVER_ERROR_CALLS = new Set(['AppError', 'notFound', 'gone', 'fieldError', 'recordErrors']);
function inCustomerError(node, file) {
  if (file.endsWith(path.join('platform', 'errors.ts'))) return true;
  for (let n = node.parent; n; n = n.parent) {
    if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && SERVER_ERROR_CALLS.has(n.expression.getText())) return true;
    if (ts.isPropertyAssignment(n) && ['message', 'reason'].includes(n.name.getText())) return true;
    if (ts.isFunctionLike(n) || ts.isVariableStatement(n)) return false;
  }
  return false;
}

function textsOf(files, accept) {
  const out = new Set();
  for (const file of files) {
    const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      const text = literalText(node);
      if (text !== null && looksLikeMessage(text) && accept(node, file)) out.add(text);
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return out;
}

export function domainTexts() {
  const domain = textsOf(sourceFiles(path.join(root, 'packages/domain/src')), () => true);
  const server = textsOf(sourceFiles(path.join(root, 'apps/server/src')), inCustomerError);
  return [...new Set([...domain, ...server])].sort();
}

export function missingDomainTexts() {
  const en = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/public/assets/i18n/en.json'), 'utf8'));
  const catalogue = en.domainText ?? {};
  return domainTexts().filter((t) => !Object.hasOwn(catalogue, t));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const list = process.argv.includes('--all') ? domainTexts() : missingDomainTexts();
  for (const t of list) console.log(t);
  if (!process.argv.includes('--all')) {
    console.error(`${list.length} missing in en.json domainText`);
    process.exitCode = list.length ? 1 : 0;
  }
}
