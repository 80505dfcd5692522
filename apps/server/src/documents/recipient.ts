import { eq, sql, type SQL } from 'drizzle-orm';
import type { PostalAddress } from '@kontor/domain/customer-settings-contracts';
import type { Db } from '../platform/db.ts';
import { customerSettings } from '../customer-settings/tables.ts';

/**
 * A letter goes to the address on file when it is issued, as a bank's archive copy does: the
 * address is read in the statement that issues the document and stored in its data as
 * `recipientAddress` (null: none on file), so a later change of address leaves it as it was.
 */
export const RECIPIENT_ADDRESS = 'recipientAddress';

/** The data to insert, with the address on file of `sub` (drizzle; one statement, no read beside the transaction). */
export function dataWithRecipientAddress(data: Record<string, unknown>, sub: string): SQL {
  return sql`${JSON.stringify(data)}::jsonb || jsonb_build_object(${RECIPIENT_ADDRESS}::text, (select ${customerSettings.address} from ${customerSettings} where ${customerSettings.sub} = ${sub}))`;
}

/** The same for a set-based writer's `jsonb_build_object(…)`: the key and the address of the SQL expression `sub`. */
export const recipientAddressPairSql = (sub: string) => `'${RECIPIENT_ADDRESS}', (select cs.address from customer_settings cs where cs.sub = ${sub})`;

/** The address on file now: for a document issued before addresses were stored with it. */
export async function currentAddress(db: Db, sub: string): Promise<PostalAddress | null> {
  const [row] = await db.select({ address: customerSettings.address }).from(customerSettings).where(eq(customerSettings.sub, sub));
  return row?.address ?? null;
}
