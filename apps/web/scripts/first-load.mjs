// The JavaScript a page loads first, from the web build's manifest (dist/.vite/manifest.json):
// the entry with its static imports, plus the route's page module with its static imports.
// Sizes are those of the precompressed copies the server sends (.br; .gz beside).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A module the bundler merged into a chunk of its own name (a lazy component whose entry signature
 * need not be kept): found by that name, e.g. src/ui/value-chart-canvas.tsx → value-chart-canvas.
 */
function byName(manifest, key) {
  if (!key.startsWith('src/')) return undefined;
  const name = key.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const found = Object.values(manifest).filter((c) => c.name === name && !c.src);
  return found.length === 1 ? found[0] : undefined;
}

/** The static import closure of the given manifest keys: the chunk files, each once. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? byName(manifest, key);
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** The key of the HTML entry (index.html). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!key) throw new Error('no index.html entry in the build manifest');
  return key;
}

function compressedSize(distDir, file, suffix, compress) {
  const copy = path.join(distDir, `${file}${suffix}`);
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  // The build leaves out a copy that would not be smaller: the file itself goes over the wire.
  const raw = fs.readFileSync(path.join(distDir, file));
  return Math.min(raw.length, compress(raw).length);
}

/** First-load JavaScript of a page whose route renders `pageModules` (manifest keys, e.g. src/features/depot/depot-page.tsx). */
export function firstLoad(distDir, pageModules) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const files = staticClosure(manifest, [entryKey(manifest), ...pageModules]).map((file) => ({
    file,
    raw: fs.statSync(path.join(distDir, file)).size,
    brotli: compressedSize(distDir, file, '.br', (b) => zlib.brotliCompressSync(b)),
    gzip: compressedSize(distDir, file, '.gz', (b) => zlib.gzipSync(b, { level: 9 })),
  }));
  files.sort((a, b) => b.brotli - a.brotli);
  const sum = (k) => files.reduce((s, f) => s + f[k], 0);
  return { files, raw: sum('raw'), brotli: sum('brotli'), gzip: sum('gzip') };
}
