import { describe, expect, it } from 'vitest';
import { documentDisplayTitle, documentIsins, documentSchema, shortReference } from './documents';

describe('documentDisplayTitle — spec §3 Document', () => {
  it.each([
    [
      'pdfTitle with one ISIN',
      { title: 'Abrechnung', pdfTitle: 'Wertpapierabrechnung Kauf', pdfIsin: 'DE0007164600' },
      'Wertpapierabrechnung Kauf DE0007164600',
    ],
    [
      'pdfTitle with two ISINs: both listed',
      { title: 'x', pdfTitle: 'Dividendengutschrift', pdfIsin: 'DE0007164600,US0378331005' },
      'Dividendengutschrift DE0007164600, US0378331005',
    ],
    [
      'more than two ISINs: the first two, then an ellipsis',
      {
        title: 'x',
        pdfTitle: 'Wertpapierabrechnung Kauf',
        pdfIsin: 'DE0007164600,US0378331005,IE00B4L5Y983',
      },
      'Wertpapierabrechnung Kauf DE0007164600, US0378331005 …',
    ],
    [
      'entries are trimmed',
      { title: 'x', pdfTitle: 'Depotauszug', pdfIsin: ' DE0007164600 ,  US0378331005 ' },
      'Depotauszug DE0007164600, US0378331005',
    ],
    [
      'empty entries do not count',
      { title: 'x', pdfTitle: 'Depotauszug', pdfIsin: 'DE0007164600,,US0378331005,' },
      'Depotauszug DE0007164600, US0378331005',
    ],
    [
      'pdfTitle without ISINs',
      { title: 'Kontoauszug', pdfTitle: 'Kontoauszug März' },
      'Kontoauszug März',
    ],
    [
      'pdfTitle with an empty ISIN list',
      { title: 'Kontoauszug', pdfTitle: 'Kontoauszug März', pdfIsin: '' },
      'Kontoauszug März',
    ],
    ['no pdfTitle: the plain title', { title: 'Kundeninformation', pdfIsin: 'DE0007164600' }, 'Kundeninformation'],
    ['blank pdfTitle: the plain title', { title: 'Kundeninformation', pdfTitle: '  ' }, 'Kundeninformation'],
  ])('%s', (_case, doc, expected) => {
    expect(documentDisplayTitle(doc)).toBe(expected);
  });

  it('ends with the real ellipsis character', () => {
    const title = documentDisplayTitle({ title: '', pdfTitle: 'T', pdfIsin: 'A,B,C,D' });
    expect(title).toBe('T A, B \u2026');
  });
});

describe('documentIsins', () => {
  it('splits, trims and drops empties', () => {
    expect(documentIsins(' A, B ,,C')).toEqual(['A', 'B', 'C']);
    expect(documentIsins(undefined)).toEqual([]);
  });
});

describe('documentSchema', () => {
  it('accepts an inbox document and rejects one without id or date', () => {
    const doc = {
      id: 'doc-1',
      date: '2024-03-01T09:30:00Z',
      title: 'Abrechnung',
      pdfTitle: 'Wertpapierabrechnung Kauf',
      pdfIsin: 'DE0007164600',
    };
    expect(documentSchema.parse(doc)).toEqual(doc);
    expect(documentSchema.safeParse({ ...doc, id: '' }).success).toBe(false);
    expect(documentSchema.safeParse({ ...doc, date: '01.03.2024' }).success).toBe(false);
    expect(documentSchema.safeParse({ id: 'd', date: '2024-03-01T09:30:00+01:00', title: 't' }).success).toBe(true);
  });
});

describe('shortReference — the number a customer reads', () => {
  it('an order: its first eight characters in capitals; an execution keeps its count', () => {
    expect(shortReference('6f1a2b3c-0d4e-4f50-8a6b-7c8d9e0f1a2b')).toBe('6F1A2B3C');
    expect(shortReference('6f1a2b3c-0d4e-4f50-8a6b-7c8d9e0f1a2b-2')).toBe('6F1A2B3C-2');
  });
});
