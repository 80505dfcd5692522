import { date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TaxCalculation } from '@kontor/domain/tax';

/**
 * Freistellungsaufträge as the back office put them in effect. A new order ends the ones it
 * overlaps on the day before it starts (`valid_to`), so on any day at most one is in effect.
 */
export const exemptionOrders = pgTable(
  'exemption_orders',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** null: until revoked. */
    validTo: date('valid_to', { mode: 'string' }),
    preconditionYear: integer('precondition_year').notNull(),
    /** The spouse of a joint order: givenName, familyName, birthDate, taxId. */
    joint: jsonb('joint').$type<{ givenName: string; familyName: string; birthDate: string; taxId: string }>(),
    ticketId: uuid('ticket_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('exemption_orders_sub').on(t.sub, t.validFrom)],
);

/** A loss certificate (Verlustbescheinigung) issued for a year: the pots it certified, then reset. */
export const lossCertificates = pgTable(
  'loss_certificates',
  {
    sub: uuid('sub').notNull(),
    year: integer('year').notNull(),
    /** The certified loss of each pot; null for a pot the customer did not ask to certify. */
    stocks: numeric('stocks', { precision: 20, scale: 2 }),
    other: numeric('other', { precision: 20, scale: 2 }),
    ticketId: uuid('ticket_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.year] })],
);

const euros = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull().default('0');

/**
 * One customer's tax year (decision 020): what the year has taken in (the domain's TaxYear) and what
 * has been withheld so far. Locked while an event of the customer is booked, so events of one
 * customer settle one after the other.
 */
export const taxYears = pgTable(
  'tax_years',
  {
    sub: uuid('sub').notNull(),
    year: integer('year').notNull(),
    shareGains: euros('share_gains'),
    shareLosses: euros('share_losses'),
    otherIncome: euros('other_income'),
    otherLosses: euros('other_losses'),
    foreignTax: euros('foreign_tax'),
    carriedShares: euros('carried_shares'),
    carriedOther: euros('carried_other'),
    certifiedShares: euros('certified_shares'),
    certifiedOther: euros('certified_other'),
    /** Withheld so far (the year's settlement at its last event). */
    capitalGainsTax: euros('capital_gains_tax'),
    solidaritySurcharge: euros('solidarity_surcharge'),
    churchTax: euros('church_tax'),
    withholdingTaxCredited: euros('withholding_tax_credited'),
    allowanceUsed: euros('allowance_used'),
    /** The pots as the last settlement left them (carried into the next year). */
    lossPotShares: euros('loss_pot_shares'),
    lossPotOther: euros('loss_pot_other'),
  },
  (t) => [primaryKey({ columns: [t.sub, t.year] })],
);

/** Every taxed event with its calculation: the Steuern screen, the contract note and the annual tax certificate read it. */
export const taxEvents = pgTable(
  'tax_events',
  {
    /** The booking's business key (`execution:<id>`, `dividend:<sub>:<isin>:<date>`, …): one event per booking. */
    id: text('id').primaryKey(),
    sub: uuid('sub').notNull(),
    year: integer('year').notNull(),
    /** sale | dividend | vorabpauschale | adjustment */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    isin: text('isin'),
    name: text('name').notNull(),
    /** The execution of a sale (its order is the id without the `-n`). */
    executionId: text('execution_id'),
    foreignTax: euros('foreign_tax'),
    calculation: jsonb('calculation').$type<TaxCalculation>().notNull(),
  },
  (t) => [index('tax_events_sub_year').on(t.sub, t.year, t.at), index('tax_events_execution').on(t.executionId)],
);

/**
 * The customer's Kirchensteuermerkmal (none | 8 | 9) from a year on: a year's status is the row with
 * the latest `valid_from` not after it, as the bank's annual query holds it for that year (§ 51a
 * Abs. 2c EStG); no row: none. A change the customer makes starts with the next year.
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    sub: uuid('sub').notNull(),
    validFrom: integer('valid_from').notNull().default(2000),
    churchTax: text('church_tax').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.validFrom] })],
);

/**
 * A Vorabpauschale whose tax the cash did not cover (§ 44 Abs. 1b with Abs. 1 Sätze 7–11 EStG): the customer is
 * asked to provide `shortfall` by `deadline`; cash that arrives by then is withheld, and what is
 * still missing afterwards is reported to the tax office. Never a debt on the account.
 */
export const vorabpauschaleShortfalls = pgTable(
  'vorabpauschale_shortfalls',
  {
    /** The Vorabpauschale's booking key. */
    key: text('key').primaryKey(),
    sub: uuid('sub').notNull(),
    isin: text('isin').notNull(),
    name: text('name').notNull(),
    /** The year the Vorabpauschale is for. */
    year: integer('year').notNull(),
    /** The tax on it, and what has been withheld of it so far. */
    tax: numeric('tax', { precision: 20, scale: 2 }).notNull(),
    withheld: numeric('withheld', { precision: 20, scale: 2 }).notNull(),
    /** Still to be provided (open) or reported (reported); 0 when paid. */
    shortfall: numeric('shortfall', { precision: 20, scale: 2 }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** open | paid | reported */
    status: text('status').notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('vorabpauschale_shortfalls_sub').on(t.sub, t.status)],
);
