// What the server names in index.html for each page so that the browser fetches it beside the
// entry script instead of after it (issue 22, first load): the page's chunks (modulepreload) and
// their CSS, and whether it needs the pages' texts (lib/i18n). Read from the route table (src/app/routes.tsx, with the TypeScript parser) and the
// build's manifest; written to dist/route-preloads.json, which platform/static-web.ts reads.
//   node apps/web/scripts/route-preloads.mjs        (after vite build; npm run build runs it)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { entryKey, staticClosure } from './first-load.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTES = 'src/app/routes.tsx';


const propertyOf = (object, name) =>
  object.properties.find((p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);

/** The modules a route's `lazy` imports, as manifest keys (src/...). */
function importsIn(node, dir) {
  const found = [];
  const visit = (n) => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(n.arguments[0])) {
      const base = path.relative(web, path.resolve(dir, n.arguments[0].text));
      const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => fs.existsSync(path.join(web, f)));
      if (!file) throw new Error(`${ROUTES}: cannot resolve ${n.arguments[0].text}`);
      found.push(file.split(path.sep).join('/'));
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** A route whose lazy() awaits this (src/app/routes.tsx) needs the pages' texts too. */
const ALL_TEXTS = 'withAllTexts';

/** Every route with a path: its full pattern, the modules it and its parents load, and whether it needs all texts. */
export function routeModules(source = fs.readFileSync(path.join(web, ROUTES), 'utf8')) {
  const file = ts.createSourceFile(ROUTES, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let table = null;
  ts.forEachChild(file, function find(n) {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === 'routes' && n.initializer && ts.isArrayLiteralExpression(n.initializer)) table = n.initializer;
    else ts.forEachChild(n, find);
  });
  if (!table) throw new Error(`${ROUTES}: no "routes" array`);
  const dir = path.join(web, 'src/app');
  const result = [];
  const walk = (array, parentPath, parentModules, parentAllTexts) => {
    for (const element of array.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const pathProp = propertyOf(element, 'path');
      const own = pathProp && ts.isStringLiteral(pathProp.initializer) ? pathProp.initializer.text : null;
      const full = own === null ? parentPath : own.startsWith('/') ? own : `${parentPath.replace(/\/$/, '')}/${own}`;
      const lazy = propertyOf(element, 'lazy');
      const modules = [...parentModules, ...(lazy ? importsIn(lazy.initializer, dir) : [])];
      const allTexts = parentAllTexts || (lazy ? lazy.initializer.getText(file).includes(ALL_TEXTS) : false);
      if (own !== null && own !== '*' && lazy) result.push({ path: full, modules, allTexts });
      const children = propertyOf(element, 'children');
      if (children && ts.isArrayLiteralExpression(children.initializer)) walk(children.initializer, full, modules, allTexts);
    }
  };
  walk(table, '', [], false);
  return result;
}

/** For each route: the JS and CSS files its page needs beyond what index.html loads anyway. */
export function routePreloads(distDir = path.join(web, 'dist')) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entry = entryKey(manifest);
  const inEntry = new Set(staticClosure(manifest, [entry]));
  const cssOf = (keys) => {
    const seen = new Set();
    const css = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const c of manifest[key]?.css ?? []) css.add(c);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    for (const c of manifest[entry].css ?? []) css.delete(c);
    return [...css];
  };
  return routeModules().map(({ path: route, modules, allTexts }) => {
    return {
      path: route,
      js: staticClosure(manifest, modules).filter((f) => !inEntry.has(f)).map((f) => `/${f}`),
      css: cssOf(modules).map((f) => `/${f}`),
      allTexts,
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const routes = routePreloads();
  fs.writeFileSync(path.join(web, 'dist/route-preloads.json'), `${JSON.stringify({ routes }, null, 1)}\n`);
  console.log(`route preloads: ${routes.length} pages → dist/route-preloads.json`);
}
