import Decimal from 'decimal.js';
import { CA_SUBSCRIPTION_OPTIONS, type CaType } from './enums';
import { toWireAmount, toWireDecimal } from './numbers';

/**
 * Corporate actions (Kapitalmaßnahmen, issue 20): what each type means, which instructions it
 * offers, and what an instruction books. `caOutcome` is the one calculation behind both the
 * preview (`/api/ca/weisungvorschauanfordern`) and the booking on the event's dates, so the
 * customer is shown exactly what will be booked. Pure: amounts are decimal strings in euros.
 * The reading of the spec's type codes is decision 022.
 */

/**
 * The instructions (Weisungen): the spec's five subscription options, and Kontor's own codes for
 * the choices the spec does not name (taking a cash dividend, accepting an offer, selling all
 * rights, not taking part, the currency of a dividend).
 */
export const CA_OPTIONS = [
  ...CA_SUBSCRIPTION_OPTIONS,
  'BEZUGSRECHTE_VERKAUFEN',
  'BARDIVIDENDE',
  'WAEHRUNG_EUR',
  'WAEHRUNG_ORIGINAL',
  'ANNAHME',
  'KEINE_TEILNAHME',
] as const;
export type CaOption = (typeof CA_OPTIONS)[number];

export const CA_TYPE_LABELS: Readonly<Record<CaType, string>> = {
  BARABF: 'Barabfindung',
  KAP: 'Kapitalerhöhung gegen Bareinlage',
  KAP2: 'Kapitalerhöhung aus Gesellschaftsmitteln',
  UMTAUSCHF: 'Freiwilliges Umtauschangebot',
  UMTO: 'Übernahmeangebot',
  WDIF: 'Wahldividende mit Währungswahl',
  WDIV: 'Wahldividende',
  ZEICHNUNG: 'Zeichnungsangebot',
  TEILRECHT: 'Teilrechte aus Zusammenlegung',
};

export const CA_OPTION_LABELS: Readonly<Record<CaOption, string>> = {
  BEZUG_AKTIEN_WIE_ANGEGEBEN: 'Angegebene Anzahl Aktien beziehen',
  BEZUG_AKTIEN_GEM_BZR_BESTAND: 'Aktien gemäß Bezugsrechtsbestand beziehen',
  TEILRECHT_KAUF_BRUCHSTUECKE: 'Fehlende Teilrechte zukaufen',
  TEILRECHT_VERKAUF_BRUCHSTUECKE: 'Überzählige Teilrechte verkaufen',
  BEZUG_STOCKDIVIDENDE: 'Dividende in Aktien',
  BEZUGSRECHTE_VERKAUFEN: 'Alle Bezugsrechte verkaufen',
  BARDIVIDENDE: 'Dividende in bar',
  WAEHRUNG_EUR: 'Auszahlung in Euro (fester Betrag)',
  WAEHRUNG_ORIGINAL: 'Auszahlung in Originalwährung (Tageskurs)',
  ANNAHME: 'Angebot annehmen',
  KEINE_TEILNAHME: 'Nicht teilnehmen',
};

/** Mandatory types are booked without an instruction; the customer is only informed. */
export const MANDATORY_CA_TYPES: readonly CaType[] = ['BARABF', 'KAP2'];

/** Per type: the instructions offered (none for mandatory ones) and the one taken when none is given. */
export const CA_TYPE_OPTIONS: Readonly<Record<CaType, { options: readonly CaOption[]; default: CaOption | null }>> = {
  BARABF: { options: [], default: null },
  KAP2: { options: [], default: null },
  KAP: {
    options: ['BEZUG_AKTIEN_WIE_ANGEGEBEN', 'BEZUG_AKTIEN_GEM_BZR_BESTAND', 'TEILRECHT_KAUF_BRUCHSTUECKE', 'TEILRECHT_VERKAUF_BRUCHSTUECKE', 'BEZUGSRECHTE_VERKAUFEN'],
    default: 'BEZUGSRECHTE_VERKAUFEN',
  },
  UMTAUSCHF: { options: ['ANNAHME', 'KEINE_TEILNAHME'], default: 'KEINE_TEILNAHME' },
  UMTO: { options: ['ANNAHME', 'KEINE_TEILNAHME'], default: 'KEINE_TEILNAHME' },
  WDIV: { options: ['BARDIVIDENDE', 'BEZUG_STOCKDIVIDENDE'], default: 'BARDIVIDENDE' },
  WDIF: { options: ['WAEHRUNG_ORIGINAL', 'WAEHRUNG_EUR'], default: 'WAEHRUNG_ORIGINAL' },
  ZEICHNUNG: { options: ['BEZUG_AKTIEN_WIE_ANGEGEBEN', 'KEINE_TEILNAHME'], default: 'KEINE_TEILNAHME' },
  TEILRECHT: { options: ['TEILRECHT_VERKAUF_BRUCHSTUECKE', 'TEILRECHT_KAUF_BRUCHSTUECKE'], default: 'TEILRECHT_VERKAUF_BRUCHSTUECKE' },
};

/** Options whose quantity the customer enters (new shares to subscribe, shares to tender or exchange). */
export const CA_OPTIONS_WITH_QUANTITY: readonly CaOption[] = ['BEZUG_AKTIEN_WIE_ANGEGEBEN', 'ANNAHME'];


/** Kontor's flat fee for a subscription and for a sale of rights (Fremdspesen included); nothing else in a corporate action costs. */
export const CA_FEE = '1.00';

/**
 * The terms of one event, as announced. Ratio `ratioOld : ratioNew`: so many old shares (or rights)
 * give so many new ones. `price` is, per type: the subscription price of a new share (KAP,
 * ZEICHNUNG, the buying of a fraction in TEILRECHT), the cash paid per share (BARABF, UMTO), the
 * price at which a dividend buys new shares (WDIV); all in euros.
 */
export type CaTerms = {
  type: CaType;
  isin: string;
  /** The shares delivered: the same ISIN for KAP/KAP2/WDIV/TEILRECHT, another for UMTAUSCHF/ZEICHNUNG. */
  targetIsin: string;
  /** KAP: the ISIN of the subscription rights (Bezugsrechte, BZR). */
  rightsIsin: string | null;
  ratioOld: string;
  ratioNew: string;
  price: string | null;
  /** WDIV, WDIF: the dividend per share in euros (WDIF: the fixed euro amount). */
  dividend: string | null;
  /** WDIF: the dividend per share in the original currency, and that currency. */
  foreignDividend: string | null;
  currency: string | null;
};

/** What the customer holds and what the market pays when the outcome is worked out. */
export type CaPosition = {
  /** Shares of `isin` entitled (held at the record date) or, for a disposal, held now. */
  held: string;
  /** KAP: subscription rights held. */
  rights: string;
  /** KAP: what a right sells for (bid) and costs (ask) now, euros; null when it cannot be traded. */
  rightsBid: string | null;
  rightsAsk: string | null;
  /** What a fraction of a delivered share is settled at (its bid), euros. */
  targetBid: string | null;
  /** WDIF: euros per unit of the foreign currency. */
  fxRate: string | null;
};

/**
 * One step of the booking, in the order it is booked:
 * - `rights_in`: the rights are booked into the depot at cost 0 (KAP, on the ex date);
 * - `rescale`: every lot of `isin` now holds `factor` times its pieces at the same cost (bonus shares, consolidation);
 * - `exchange`: the lots of `isin` become lots of `targetIsin` (× `factor`) with their cost and dates (tax-neutral, § 20 Abs. 4a EStG);
 * - `sell`: pieces disposed of for `proceeds` after `fee`, taxed as a sale (first in first out);
 * - `use_rights`: rights given up for a subscription; their cost goes into the new shares;
 * - `buy`: new pieces acquired for `cost` (fee included), paid from cash;
 * - `dividend`: a dividend credited and taxed as income; `shares` of it may be taken as new pieces.
 */
export type CaStep =
  | { step: 'rights_in'; isin: string; quantity: string }
  | { step: 'rescale'; isin: string; held: string; factor: string }
  | { step: 'exchange'; isin: string; targetIsin: string; quantity: string; factor: string }
  | { step: 'sell'; isin: string; quantity: string; price: string; proceeds: string; fee: string; reason: 'offer' | 'fraction' | 'rights' }
  | { step: 'lapse'; isin: string; quantity: string }
  | { step: 'use_rights'; isin: string; quantity: string }
  | { step: 'buy'; isin: string; quantity: string; price: string; cost: string; fee: string; reason: 'subscription' | 'fraction' | 'rights' }
  | { step: 'dividend'; isin: string; gross: string; sharesIsin: string | null; shares: string; sharesCost: string };

/**
 * When a step is booked: `rights` on the last trading day of the rights (KAP's rights sales and
 * lapses), `pay` on the payment date (everything else). `rights_in` is booked on the ex date.
 */
export type CaPhase = 'ex' | 'rights' | 'pay';
export const phaseOfStep = (s: CaStep): CaPhase => (s.step === 'rights_in' ? 'ex' : (s.step === 'sell' && s.reason === 'rights') || s.step === 'lapse' ? 'rights' : 'pay');

export type CaOutcome = {
  steps: CaStep[];
  /** Shares of each ISIN coming in and going out (rights are counted apart). */
  sharesIn: { isin: string; quantity: string }[];
  sharesOut: { isin: string; quantity: string }[];
  rightsUsed: string;
  rightsBought: string;
  rightsSold: string;
  rightsLapsed: string;
  /**
   * What leaves cash (subscriptions and rights bought, their fees included) and what comes in
   * (sales after their fee, cash compensation, dividends), before tax: the cash account moves by
   * cashCredit − cashDebit − tax, exactly as booked.
   */
  cashDebit: string;
  cashCredit: string;
  /** The fees in the two above (1.00 € per subscription and per sale or purchase of rights). */
  costs: string;
  /** A fraction of a share settled in cash (sold) or bought up to a whole one. */
  fraction: { isin: string; quantity: string; amount: string; side: 'sell' | 'buy' } | null;
  /** Cash to reserve at the instruction: what the instruction debits. */
  reserve: string;
};

export type CaOutcomeResult = { ok: true; outcome: CaOutcome } | { ok: false; message: string };

const D = (v: Decimal.Value) => new Decimal(v);
const money = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const pieces = (v: Decimal) => v.toDecimalPlaces(6, Decimal.ROUND_DOWN);
/**
 * `quantity` pieces × a ratio `factor` (a decimal string such as 4/3 = 1.333…3), to whole
 * millionths: first to 12 places, so that 3 × 1.333…3 is 4 and not 3.999999.
 */
export const scaledPieces = (quantity: Decimal.Value, factor: Decimal.Value): string =>
  toWireDecimal(pieces(D(quantity).mul(factor).toDecimalPlaces(12, Decimal.ROUND_HALF_UP)));
const fail = (message: string): CaOutcomeResult => ({ ok: false, message });

/** Whether `option` is one the event offers (mandatory events take none: null). */
export function optionAllowed(type: CaType, option: CaOption | null): boolean {
  const o = CA_TYPE_OPTIONS[type];
  return option === null ? o.options.length === 0 : o.options.includes(option);
}

/**
 * What `option` (with `quantity` where the option asks for one) books for a customer holding
 * `p`. A German message when the instruction cannot be carried out as given.
 */
export function caOutcome(t: CaTerms, option: CaOption | null, quantity: string | null, p: CaPosition): CaOutcomeResult {
  if (!optionAllowed(t.type, option)) return fail('Diese Weisung ist für diese Kapitalmaßnahme nicht möglich.');
  const steps: CaStep[] = [];
  const held = D(p.held);
  const m = D(t.ratioOld);
  const n = D(t.ratioNew);
  const price = D(t.price ?? 0);
  const qty = quantity === null || quantity === '' ? null : D(quantity);
  if (qty !== null && (!qty.isFinite() || qty.lte(0))) return fail('Bitte geben Sie eine Stückzahl größer als 0 ein.');

  const sell = (isin: string, quantity: Decimal, at: Decimal, reason: 'offer' | 'fraction' | 'rights', fee: Decimal) => {
    const gross = money(quantity.mul(at));
    steps.push({ step: 'sell', isin, quantity: toWireDecimal(quantity), price: toWireDecimal(at), proceeds: toWireAmount(gross.minus(fee)), fee: toWireAmount(fee), reason });
  };
  const buy = (isin: string, quantity: Decimal, at: Decimal, reason: 'subscription' | 'fraction' | 'rights', fee: Decimal) => {
    const value = money(quantity.mul(at));
    steps.push({ step: 'buy', isin, quantity: toWireDecimal(quantity), price: toWireDecimal(at), cost: toWireAmount(value.plus(fee)), fee: toWireAmount(fee), reason });
  };
  /** Settles a fractional piece of `isin` left after a ratio: sold at its bid (or, buying, topped up to a whole one at `topUpPrice`). */
  const settleFraction = (isin: string, total: Decimal, topUpPrice: Decimal | null) => {
    const frac = total.minus(total.floor());
    if (frac.lte(0)) return;
    if (topUpPrice) buy(isin, D(1).minus(frac), topUpPrice, 'fraction', D(0));
    else if (p.targetBid && D(p.targetBid).gt(0)) sell(isin, frac, D(p.targetBid), 'fraction', D(0));
  };

  switch (t.type) {
    case 'BARABF':
      if (held.gt(0)) sell(t.isin, held, price, 'offer', D(0));
      break;
    case 'KAP2': {
      // Bonus shares: every lot grows by n/m at its old cost; the fraction of a new share is sold.
      if (held.lte(0)) break;
      steps.push({ step: 'rescale', isin: t.isin, held: toWireDecimal(held), factor: toWireDecimal(m.plus(n).div(m)) });
      const bonus = pieces(held.mul(n).div(m));
      if (p.targetBid && D(p.targetBid).gt(0)) {
        const frac = bonus.minus(bonus.floor());
        if (frac.gt(0)) sell(t.isin, frac, D(p.targetBid), 'fraction', D(0));
      }
      break;
    }
    case 'TEILRECHT': {
      // A consolidation m:n; the fraction of a new share left over is sold, or topped up to a whole share.
      if (held.lte(0)) break;
      steps.push({ step: 'rescale', isin: t.isin, held: toWireDecimal(held), factor: toWireDecimal(n.div(m)) });
      const after = pieces(held.mul(n).div(m));
      settleFraction(t.isin, after, option === 'TEILRECHT_KAUF_BRUCHSTUECKE' ? price : null);
      break;
    }
    case 'KAP': {
      const rights = D(p.rights);
      const rightsIsin = t.rightsIsin ?? t.isin;
      let subscribe = new Decimal(0);
      let bought = new Decimal(0);
      switch (option) {
        case 'BEZUG_AKTIEN_WIE_ANGEGEBEN': {
          if (qty === null) return fail('Bitte geben Sie an, wie viele neue Aktien Sie beziehen möchten.');
          if (!qty.isInteger()) return fail('Neue Aktien können nur ganzstückig bezogen werden.');
          const need = qty.mul(m).div(n);
          if (!need.isInteger()) return fail(`Bei einem Bezugsverhältnis von ${toWireDecimal(m)} : ${toWireDecimal(n)} sind nur Vielfache von ${toWireDecimal(n)} neuen Aktien möglich.`);
          if (need.gt(rights)) return fail(`Dafür brauchen Sie ${toWireDecimal(need)} Bezugsrechte; Sie haben ${toWireDecimal(rights)}.`);
          subscribe = qty;
          break;
        }
        case 'BEZUG_AKTIEN_GEM_BZR_BESTAND':
        case 'TEILRECHT_VERKAUF_BRUCHSTUECKE':
          subscribe = rights.div(m).floor().mul(n);
          break;
        case 'TEILRECHT_KAUF_BRUCHSTUECKE': {
          subscribe = rights.div(m).ceil().mul(n);
          bought = subscribe.mul(m).div(n).minus(rights);
          if (bought.gt(0) && !p.rightsAsk) return fail('Bezugsrechte können derzeit nicht gekauft werden.');
          break;
        }
        default:
          break;
      }
      const used = subscribe.mul(m).div(n);
      const left = rights.plus(bought).minus(used);
      if (bought.gt(0)) buy(rightsIsin, bought, D(p.rightsAsk!), 'rights', D(CA_FEE));
      // Rights not used are sold on their last trading day; they lapse when they fetch nothing above the fee.
      if (left.gt(0)) {
        const bid = p.rightsBid ? D(p.rightsBid) : null;
        if (bid && money(left.mul(bid)).gt(CA_FEE)) sell(rightsIsin, left, bid, 'rights', D(CA_FEE));
        else steps.push({ step: 'lapse', isin: rightsIsin, quantity: toWireDecimal(left) });
      }
      if (subscribe.gt(0)) {
        steps.push({ step: 'use_rights', isin: rightsIsin, quantity: toWireDecimal(used) });
        buy(t.targetIsin, subscribe, price, 'subscription', D(CA_FEE));
      }
      break;
    }
    case 'UMTO':
    case 'UMTAUSCHF': {
      if (option !== 'ANNAHME') break;
      const tender = qty ?? held;
      if (tender.gt(held)) return fail(`Sie können höchstens ${toWireDecimal(held)} Stück einreichen.`);
      if (tender.lte(0)) break;
      if (t.type === 'UMTO') sell(t.isin, tender, price, 'offer', D(0));
      else {
        steps.push({ step: 'exchange', isin: t.isin, targetIsin: t.targetIsin, quantity: toWireDecimal(tender), factor: toWireDecimal(n.div(m)) });
        settleFraction(t.targetIsin, pieces(tender.mul(n).div(m)), null);
      }
      break;
    }
    case 'ZEICHNUNG': {
      if (option !== 'BEZUG_AKTIEN_WIE_ANGEGEBEN') break;
      if (qty === null) return fail('Bitte geben Sie an, wie viele Stück Sie zeichnen möchten.');
      if (!qty.isInteger()) return fail('Es können nur ganze Stücke gezeichnet werden.');
      const allowed = held.mul(n).div(m).floor();
      if (qty.gt(allowed)) return fail(`Ihnen stehen höchstens ${toWireDecimal(allowed)} Stück zu.`);
      buy(t.targetIsin, qty, price, 'subscription', D(CA_FEE));
      break;
    }
    case 'WDIV':
    case 'WDIF': {
      if (held.lte(0)) break;
      let perShare: Decimal;
      if (t.type === 'WDIF' && option === 'WAEHRUNG_ORIGINAL') {
        if (!p.fxRate) return fail('Für diese Währung liegt derzeit kein Kurs vor.');
        perShare = D(t.foreignDividend ?? 0).mul(p.fxRate);
      } else perShare = D(t.dividend ?? 0);
      const gross = money(held.mul(perShare));
      if (option === 'BEZUG_STOCKDIVIDENDE' && price.gt(0)) {
        // The dividend buys whole new shares at the scrip price; the rest is paid in cash.
        const shares = gross.div(price).floor();
        steps.push({ step: 'dividend', isin: t.isin, gross: toWireAmount(gross), sharesIsin: t.targetIsin, shares: toWireDecimal(shares), sharesCost: toWireAmount(money(shares.mul(price))) });
      } else steps.push({ step: 'dividend', isin: t.isin, gross: toWireAmount(gross), sharesIsin: null, shares: '0', sharesCost: '0.00' });
      break;
    }
  }
  return { ok: true, outcome: summarise(t, steps) };
}

function summarise(t: CaTerms, steps: CaStep[]): CaOutcome {
  // Shares are netted per ISIN: bonus shares, a consolidation or an exchange with a fraction sold show as one figure.
  const delta = new Map<string, Decimal>();
  const move = (isin: string, q: Decimal.Value) => delta.set(isin, (delta.get(isin) ?? D(0)).plus(q));
  let rightsUsed = D(0), rightsBought = D(0), rightsSold = D(0), rightsLapsed = D(0);
  let debit = D(0), credit = D(0), costs = D(0);
  let fraction: CaOutcome['fraction'] = null;
  const isRights = (isin: string) => isin === t.rightsIsin;
  for (const s of steps) {
    switch (s.step) {
      case 'rights_in':
        break;
      case 'rescale':
        move(s.isin, D(scaledPieces(s.held, s.factor)).minus(s.held));
        break;
      case 'exchange':
        move(s.isin, D(s.quantity).neg());
        move(s.targetIsin, scaledPieces(s.quantity, s.factor));
        break;
      case 'sell':
        // The fee of a sale is taken from its proceeds: the credit is what reaches the cash account.
        credit = credit.plus(s.proceeds);
        costs = costs.plus(s.fee);
        if (isRights(s.isin)) rightsSold = rightsSold.plus(s.quantity);
        else move(s.isin, D(s.quantity).neg());
        if (s.reason === 'fraction') fraction = { isin: s.isin, quantity: s.quantity, amount: s.proceeds, side: 'sell' };
        break;
      case 'lapse':
        rightsLapsed = rightsLapsed.plus(s.quantity);
        break;
      case 'use_rights':
        rightsUsed = rightsUsed.plus(s.quantity);
        break;
      case 'buy':
        debit = debit.plus(s.cost);
        costs = costs.plus(s.fee);
        if (isRights(s.isin)) rightsBought = rightsBought.plus(s.quantity);
        else move(s.isin, s.quantity);
        if (s.reason === 'fraction') fraction = { isin: s.isin, quantity: s.quantity, amount: s.cost, side: 'buy' };
        break;
      case 'dividend':
        credit = credit.plus(D(s.gross).minus(s.sharesCost));
        if (s.sharesIsin) move(s.sharesIsin, s.shares);
        break;
    }
  }
  const side = (sign: 1 | -1) => [...delta].filter(([, q]) => q.mul(sign).gt(0)).map(([isin, q]) => ({ isin, quantity: toWireDecimal(q.abs()) }));
  return {
    steps,
    sharesIn: side(1),
    sharesOut: side(-1),
    rightsUsed: toWireDecimal(rightsUsed),
    rightsBought: toWireDecimal(rightsBought),
    rightsSold: toWireDecimal(rightsSold),
    rightsLapsed: toWireDecimal(rightsLapsed),
    cashDebit: toWireAmount(debit),
    cashCredit: toWireAmount(credit),
    costs: toWireAmount(costs),
    fraction,
    reserve: toWireAmount(debit),
  };
}

/**
 * Which price a subscription right is valued on: `cum` before the ex date (the share's price still
 * carries the right), `ex` from the ex date on (the right trades apart from the share).
 */
export type RightsBasis = 'cum' | 'ex';

/**
 * What one subscription right is worth in euros, for m old shares (`ratioOld`) : n new shares
 * (`ratioNew`) at the subscription price P (`price`), the share trading at S (`share`, euros):
 * - before the ex date, on the cum price: n·(S_cum − P)/(m + n);
 * - from the ex date, on the ex price: n·(S_ex − P)/m (the ex price has the dilution in it already).
 * Both agree when S_ex is the theoretical ex price (m·S_cum + n·P)/(m + n). Never below 0. The bid
 * side rounded down, the ask side up, to a tenth of a cent; a sale of q rights brings q × bid,
 * rounded half up to the cent (`caOutcome`). The preview, the depot's rights quote, the sale on the
 * rights' last trading day and the lapse rule all take the value from here.
 */
export function rightsValue(t: Pick<CaTerms, 'ratioOld' | 'ratioNew' | 'price'>, share: string, side: 'bid' | 'ask', basis: RightsBasis): string {
  const m = new Decimal(t.ratioOld);
  const n = new Decimal(t.ratioNew);
  const spread = new Decimal(share).minus(t.price ?? 0);
  const v = Decimal.max(0, n.mul(spread).div(basis === 'ex' ? m : m.plus(n)));
  return toWireDecimal(v.toDecimalPlaces(3, side === 'bid' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP), 3);
}

/** What the cash account gains (negative: loses) by an outcome with `tax` withheld: every fee is in `cashDebit` or `cashCredit` already. */
export function caNetCash(o: Pick<CaOutcome, 'cashCredit' | 'cashDebit'>, tax: Decimal.Value): string {
  return toWireAmount(new Decimal(o.cashCredit).minus(o.cashDebit).minus(tax));
}

/**
 * What the share's price is multiplied by when an event takes effect: bonus shares m : n spread
 * the company over (m + n)/m as many shares, a consolidation m : n over n/m, and a rights issue
 * dilutes it to its theoretical ex price (m·S + n·P)/(m + n) (never up). Null for every other type.
 */
export function priceFactorOnEffect(t: Pick<CaTerms, 'type' | 'ratioOld' | 'ratioNew' | 'price'>, shareEur: string | null): string | null {
  const m = new Decimal(t.ratioOld);
  const n = new Decimal(t.ratioNew);
  switch (t.type) {
    case 'KAP2':
      return toWireDecimal(m.div(m.plus(n)));
    case 'TEILRECHT':
      return toWireDecimal(m.div(n));
    case 'KAP': {
      if (!shareEur || !new Decimal(shareEur).gt(0)) return null;
      const s = new Decimal(shareEur);
      return toWireDecimal(Decimal.min(1, m.mul(s).plus(n.mul(t.price ?? 0)).div(m.plus(n).mul(s))));
    }
    default:
      return null;
  }
}
