import { describe, expect, it } from 'vitest';
import {
  combinedOrderStatus,
  entityStateLabel,
  orderKindLabel,
  orderStatusLabel,
  savingsIntervalLabel,
  ticketStateLabel,
} from './labels';

describe('orderStatusLabel — spec §4 order status table', () => {
  it.each([
    ['Created', 'entgegengenommen'],
    ['Sent', 'entgegengenommen'],
    ['Pending', 'vorläufig'],
    ['Open', 'offen'],
    ['Canceled', 'gestrichen'],
    ['Rejected', 'zurückgewiesen'],
    ['Expired', 'abgelaufen'],
    ['PartiallyFilled', 'teilausgeführt'],
    ['Filled', 'ausgeführt'],
  ])('%s → %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });
});

describe('orderStatusLabel — combined cancellation states', () => {
  it.each([
    ['Created_CreatedCancel', 'zur Streichung vorgemerkt'],
    ['Created_SentCancel', 'zur Streichung vorgemerkt'],
    ['Sent_CreatedCancel', 'zur Streichung vorgemerkt'],
    ['Sent_SentCancel', 'zur Streichung vorgemerkt'],
    ['Pending_CreatedCancel', 'zur Streichung vorgemerkt'],
    ['Pending_SentCancel', 'zur Streichung vorgemerkt'],
    ['Open_CreatedCancel', 'zur Streichung vorgemerkt'],
    ['Open_SentCancel', 'zur Streichung vorgemerkt'],
    ['Created_PendingCancel', 'vorläufig gestrichen'],
    ['Sent_PendingCancel', 'vorläufig gestrichen'],
    ['Pending_PendingCancel', 'vorläufig gestrichen'],
    ['Open_PendingCancel', 'vorläufig gestrichen'],
    ['PartiallyFilled_CreatedCancel', 'teilausgeführt, zur Streichung vorgemerkt'],
    ['PartiallyFilled_SentCancel', 'teilausgeführt, zur Streichung vorgemerkt'],
    ['PartiallyFilled_PendingCancel', 'teilausgeführt, vorläufig gestrichen'],
    ['PartiallyFilled_Canceled', 'teilausgeführt, gestrichen'],
    ['PartiallyFilled_Expired', 'teilausgeführt, abgelaufen'],
    ['PartiallyFilled_Filled', 'ausgeführt'],
  ])('%s → %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it.each([
    // Not in the spec's list: shown as they come rather than guessed.
    'Open_Canceled',
    'Filled_PendingCancel',
    'Rejected_SentCancel',
    'PartiallyFilled_',
    'Unknown',
    '',
    'constructor',
    '__proto__',
  ])('unknown state %j is returned unchanged', (status) => {
    expect(orderStatusLabel(status)).toBe(status);
  });

  it('builds the combined state string from status and cancel status', () => {
    expect(combinedOrderStatus('Open')).toBe('Open');
    expect(combinedOrderStatus('Open', null)).toBe('Open');
    expect(combinedOrderStatus('PartiallyFilled', 'PendingCancel')).toBe(
      'PartiallyFilled_PendingCancel',
    );
    expect(orderStatusLabel(combinedOrderStatus('Sent', 'SentCancel'))).toBe(
      'zur Streichung vorgemerkt',
    );
  });
});

describe('other labels of spec §4', () => {
  it.each([
    ['market', 'Markt'],
    ['stop', 'Stop'],
    ['stoplimit', 'Stop Limit'],
    ['limit', 'Limit'],
    ['buy', 'Kauf'],
    ['sell', 'Verkauf'],
    ['savings', 'Sparplan'],
    ['fraction', 'Bruchstück'],
    ['oco', 'OCO'],
    ['tsl', 'TSL'],
    ['previously_quoted', 'RFQ'],
    ['iceberg', 'iceberg'],
  ])('order kind %s → %s', (kind, label) => {
    expect(orderKindLabel(kind)).toBe(label);
  });

  it.each([
    ['OPEN', 'Offen'],
    ['PREPARED', 'Vorbereitet'],
    ['CLOSED', 'Geschlossen'],
    ['CUSTOMER_REPLY', 'bitte lesen'],
    ['ARCHIVED', 'ARCHIVED'],
  ])('ticket state %s → %s', (state, label) => {
    expect(ticketStateLabel(state)).toBe(label);
  });

  it.each([
    ['monthly', 'monatlich'],
    ['biweekly', '2-wöchentlich'],
    ['weekly', 'wöchentlich'],
    ['quarterly', 'vierteljährlich'],
    ['yearly', 'yearly'],
  ])('savings interval %s → %s', (interval, label) => {
    expect(savingsIntervalLabel(interval)).toBe(label);
  });

  it.each([
    ['active', 'Aktiv'],
    ['atwork', 'In Bearbeitung'],
    ['deleted', 'Gelöscht'],
    ['inactive', 'Inaktiv'],
    ['suspended', 'suspended'],
    ['hasOwnProperty', 'hasOwnProperty'],
  ])('entity state %s → %s', (state, label) => {
    expect(entityStateLabel(state)).toBe(label);
  });
});
