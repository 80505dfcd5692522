import type { FieldProblem, ServiceRequestType } from '@kontor/domain/service-requests';
import type { Db } from '../platform/db.ts';
import type { TaxStore } from '../tax/store.ts';

/** A loss certificate is issued once per year: a second request is refused when it is made, not a day later. */
export const lossCertificateIssued =
  (tax: (db: Db) => Pick<TaxStore, 'lossCertificate'>) =>
  async (tx: Db, sub: string, type: ServiceRequestType, _data: Record<string, unknown>, today: string): Promise<FieldProblem[]> => {
    if (type !== 'LOSS_CERTIFICATE') return [];
    const year = Number(today.slice(0, 4));
    return (await tax(tx).lossCertificate(sub, year)) ? [{ path: 'lossOffsetResetStocks', message: `Für ${year} haben wir Ihnen bereits eine Verlustbescheinigung ausgestellt.` }] : [];
  };
