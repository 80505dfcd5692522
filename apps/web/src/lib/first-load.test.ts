import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the build scripts, without types
import { entryKey, staticClosure } from '../../scripts/first-load.mjs';

// The budget check (scripts/first-load-budget.mjs) counts what a page loads from the build manifest.
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], dynamicImports: ['src/page.tsx'], css: ['assets/index-1.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: [] },
  'src/page.tsx': { file: 'assets/page-1.js', isDynamicEntry: true, imports: ['_shared-1.js', '_forms-1.js'], dynamicImports: ['src/chart.tsx'] },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_shared-1.js'] },
  'src/chart.tsx': { file: 'assets/chart-1.js', isDynamicEntry: true },
};

describe('first-load JavaScript of a page', () => {
  it('is the entry and the page with their static imports, each file once, without what they load later', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(staticClosure(manifest, ['index.html', 'src/page.tsx']).sort()).toEqual(['assets/forms-1.js', 'assets/index-1.js', 'assets/page-1.js', 'assets/shared-1.js']);
  });

  it('names a module the build does not know instead of counting nothing', () => {
    expect(() => staticClosure(manifest, ['src/gone.tsx'])).toThrow('src/gone.tsx');
  });
});
