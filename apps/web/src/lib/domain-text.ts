import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

/**
 * English for the German sentences the domain and the server build (field rules, order checks,
 * error answers). Like gettext, the German text is the key: en.json's `domainText` maps each
 * German sentence, with {0}, {1}, … where the domain puts a value, to its English. So the domain
 * and the server keep one German voice and need no language parameter, and a text that arrives
 * from the server translates like one built here. scripts/domain-text.mjs lists the sentences the
 * catalogue lacks; domain-text.test.ts fails on them.
 */

type Catalogue = Readonly<Record<string, string>>;

type Template = { pattern: RegExp; english: string };
type Compiled = { exact: Catalogue; templates: Template[] };

const PLACEHOLDER = /\{(\d+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(catalogue: Catalogue): Compiled {
  const templates: Template[] = [];
  for (const [german, english] of Object.entries(catalogue)) {
    if (!PLACEHOLDER.test(german)) continue;
    PLACEHOLDER.lastIndex = 0;
    const parts = german.split(PLACEHOLDER);
    // parts alternate text, index, text, …; each placeholder captures lazily what stands there.
    const source = parts.map((part, i) => (i % 2 === 0 ? escape(part) : `(?<p${part}>.+?)`)).join('');
    templates.push({ pattern: new RegExp(`^${source}$`, 's'), english });
  }
  // More literal text first, so "Die Orderart {0} ist …" wins over "{0} ist …".
  templates.sort((a, b) => b.pattern.source.replace(/\(\?<p\d+>\.\+\?\)/g, '').length - a.pattern.source.replace(/\(\?<p\d+>\.\+\?\)/g, '').length);
  return { exact: catalogue, templates };
}

/** A German amount inside a sentence ("1.234,5", "25.000,00 €", "−3,2 %") in English notation ("1,234.5", "€25,000.00"). */
const GERMAN_NUMBER = /^([-−]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?(?:\s(€|%))?$/;
function englishNumber(text: string): string | null {
  const m = GERMAN_NUMBER.exec(text);
  if (!m) return null;
  const [, sign, whole = '', fraction, unit] = m;
  // A bare number without separator, decimals or unit (a year, "2025") reads the same in English.
  if (!whole.includes('.') && fraction === undefined && unit === undefined) return text;
  const digits = whole.replaceAll('.', '').replace(/\B(?=(\d{3})+$)/g, ',');
  const number = `${digits}${fraction === undefined ? '' : `.${fraction}`}`;
  return unit === '€' ? `${sign ? '-' : ''}€${number}` : `${sign ? '-' : ''}${number}${unit ? ` ${unit}` : ''}`;
}

/** A German date inside a sentence ("10.12.2026", "10.12.2026 12:00") as the English app writes it ("10/12/2026"). */
const GERMAN_DATE = /^(\d{2})\.(\d{2})\.(\d{4})((?:,)? \d{2}:\d{2})?$/;
function englishDate(text: string): string | null {
  const m = GERMAN_DATE.exec(text);
  return m ? `${m[1]}/${m[2]}/${m[3]}${m[4] ? `, ${m[4].replace(/^,? /, '')}` : ''}` : null;
}

function translateWith(text: string, compiled: Compiled, labels: ReadonlyMap<string, string>, depth = 0): string {
  if (Object.hasOwn(compiled.exact, text)) return compiled.exact[text]!;
  const label = labels.get(text);
  if (label !== undefined) return label;
  // A value inside a sentence: an amount reads in English notation.
  if (depth > 0) {
    const value = englishNumber(text) ?? englishDate(text);
    if (value !== null) return value;
  }
  if (depth > 1) return text;
  for (const { pattern, english } of compiled.templates) {
    const match = pattern.exec(text);
    if (!match?.groups) continue;
    const values = match.groups;
    // A value may itself be a German phrase of the catalogue ("Die Stückzahl") or a domain label ("Kauf").
    return english.replace(PLACEHOLDER, (_, i: string) => translateWith(values[`p${i}`] ?? '', compiled, labels, depth + 1));
  }
  // A title made of a label and a name ("Kapitalerhöhung gegen Bareinlage SAP SE"): the label in English,
  // the name as it is. Not a sentence (none ends in a full stop or has a colon): half English is worse.
  if (depth === 0 && !/[.!?]$|: /.test(text)) {
    let prefix = '';
    for (const german of labels.keys()) if (german.length > prefix.length && text.startsWith(`${german} `)) prefix = german;
    if (prefix) return `${labels.get(prefix)!}${text.slice(prefix.length)}`;
  }
  return text;
}

/** German → English pairs for words that stand inside sentences (labels, country names), per language. */
type PhraseSource = (language: string) => Iterable<readonly [german: string, english: string]>;
const phraseSources = new Set<PhraseSource>();
const phraseMaps = new Map<string, Map<string, string>>();

/**
 * lib/domain-labels and lib/countries register their German → English pairs, so a label or a country
 * inside a sentence ("Kauf ist …", "… passt nicht zu Österreich.") translates too; registered rather
 * than imported, so the API client does not load every label set and country list.
 */
export function registerPhrases(source: PhraseSource): void {
  phraseSources.add(source);
  phraseMaps.clear();
}

function phrases(language: string): ReadonlyMap<string, string> {
  let out = phraseMaps.get(language);
  if (out) return out;
  out = new Map();
  for (const source of phraseSources) for (const [german, english] of source(language)) if (!out.has(german)) out.set(german, english);
  phraseMaps.set(language, out);
  return out;
}

const cache = new WeakMap<object, Compiled>();

function compiled(catalogue: Catalogue): Compiled {
  let c = cache.get(catalogue);
  if (!c) {
    c = compile(catalogue);
    cache.set(catalogue, c);
  }
  return c;
}

/** The domain's German text in the current language (German stays as it is). Also usable outside React. */
export function domainText(text: string, language: string = i18n.language): string {
  if (!text || !language || language === 'de' || !i18n.isInitialized) return text;
  const catalogue = i18n.getResource(language, 'translation', 'domainText') as Catalogue | undefined;
  if (!catalogue) return text;
  return translateWith(text, compiled(catalogue), phrases(language));
}

/** `text(german)` for components; re-renders with the language like `t`. */
export function useDomainText(): (text: string) => string {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useCallback((text: string) => domainText(text, language), [language]);
}
