import { describe, expect, it } from 'vitest';
import {
  CHART_RANGE_LABELS,
  CHART_RANGES,
  CHART_TYPE_LABELS,
  CHART_TYPES,
  INSTRUMENT_TYPE_LABELS,
  INSTRUMENT_TYPES,
  MESSAGE_KINDS,
  MESSAGE_TEXT_FORMS,
  messageKindOfTextForm,
} from './enums';

describe('messageKindOfTextForm', () => {
  it.each([
    ['TEXT', 'msg'],
    ['ORDER', 'order'],
    ['TICKET', 'ticket'],
    ['TSLUPDATE', 'tslupdate'],
    ['PREVIOUSLY_QUOTED', 'previously_quoted'],
  ])('a message whose text arrives as %s is of kind %s', (form, kind) => {
    expect(messageKindOfTextForm(form)).toBe(kind);
  });

  it('gives every known kind but `unknown` to exactly one text form', () => {
    const kinds = MESSAGE_TEXT_FORMS.map(messageKindOfTextForm);
    expect(new Set(kinds).size).toBe(MESSAGE_TEXT_FORMS.length);
    expect([...kinds].sort()).toEqual(MESSAGE_KINDS.filter((k) => k !== 'unknown').sort());
  });

  it.each(['HTML', 'text', ' TEXT', '', 'toString', '__proto__', 'hasOwnProperty'])(
    'a text form Kontor does not know (%j) makes the message of kind unknown',
    (form) => {
      expect(messageKindOfTextForm(form)).toBe('unknown');
    },
  );
});

describe('labels shown for the enumerations', () => {
  it.each([
    ['chart range buttons', CHART_RANGES, CHART_RANGE_LABELS],
    ['chart type buttons', CHART_TYPES, CHART_TYPE_LABELS],
    ['instrument type filters and badges', INSTRUMENT_TYPES, INSTRUMENT_TYPE_LABELS],
  ] as const)('%s: every wire value has its own label, so no two look alike', (_where, values, labels) => {
    const shown = values.map((v: string) => (labels as Readonly<Record<string, string>>)[v]?.trim() ?? '');
    expect(shown.filter((label) => label === '')).toEqual([]);
    expect(new Set(shown).size).toBe(values.length);
  });
});
