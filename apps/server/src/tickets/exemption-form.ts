import { eq } from 'drizzle-orm';
import { parseServiceRequest, type ExemptionOrderAttributes } from '@kontor/domain/service-requests';
import { addressLines } from '@kontor/domain/postal-address';
import { customerSettings } from '../customer-settings/tables.ts';
import type { ExemptionOrderFormData } from '../documents/exemption-order-form.ts';
import type { Db } from '../platform/db.ts';
import { fieldErrors } from './service.ts';

/** The Gläubiger block of the Freistellungsauftrag: name, the address on file and the German Steuer-ID, if known. */
export async function exemptionFormData(db: Db, sub: string, name: string, attributes: ExemptionOrderAttributes, signedAt?: string): Promise<ExemptionOrderFormData> {
  const [row] = await db.select({ address: customerSettings.address, taxResidences: customerSettings.taxResidences }).from(customerSettings).where(eq(customerSettings.sub, sub));
  const address = row?.address ? addressLines(row.address) : [];
  const taxId = row?.taxResidences?.find((r) => r.country === 'DE')?.taxId ?? null;
  return { customer: { name, address, taxId }, attributes, ...(signedAt ? { signedAt } : {}) };
}

/** The attributes of a Freistellungsauftrag, or a 400 with a message per field (the preview checks as the submission does). */
export function exemptionAttributes(data: Record<string, unknown>): ExemptionOrderAttributes {
  const parsed = parseServiceRequest('EXEMPTION_ORDER', data);
  if (!parsed.ok) throw fieldErrors(parsed.problems);
  return parsed.data as ExemptionOrderAttributes;
}
