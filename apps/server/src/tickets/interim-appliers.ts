import { SERVICE_REQUEST_TYPES } from '@kontor/domain/service-requests';
import type { ServiceRequestAppliers } from './apply-types.ts';

/** Until each request type has its applier: the back office declines, and says so. */
export const interimAppliers = Object.fromEntries(
  SERVICE_REQUEST_TYPES.map((type) => [type, async () => ({ outcome: 'REJECTED' as const, message: 'Dieser Auftrag kann derzeit nicht automatisch bearbeitet werden.', documents: [] })]),
) as unknown as ServiceRequestAppliers;
