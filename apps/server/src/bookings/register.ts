import type { DocumentStore } from '../documents/store.ts';
import { lotStore } from './lot-store.ts';
import { type BookingWriter, bookingWriter } from './writer.ts';

/** The one writer of cash, positions, tax and their documents (no routes of its own). */
export function registerBookings(ctx: { documents: DocumentStore }): { book: BookingWriter } {
  return { book: bookingWriter({ lots: lotStore, documents: ctx.documents }) };
}
