import { displayLocaleTag } from '../../lib/format';
import { UPLOAD_MAX_BYTES } from '@kontor/domain/constants';

/** What a ticket's file may be: PDF, JPEG or PNG (the server checks the magic bytes again). */
const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const ACCEPTED_ENDINGS = /\.(pdf|jpe?g|png)$/i;

/** For the file picker. */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export type FileProblem = 'tooLarge' | 'wrongType' | 'empty';

/** Why a chosen file cannot be sent, before it is uploaded; null when it may go. */
export function attachmentProblem(file: { name: string; size: number; type: string }): FileProblem | null {
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  const typeOk = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_ENDINGS.test(file.name);
  return typeOk ? null : 'wrongType';
}

/** 2048 → "2 KB", 5_400_000 → "5,1 MB" ("5.1 MB" in English; binary units, as the 9-MB limit counts). */
export function formatFileSize(bytes: number): string {
  const sizeFormat = new Intl.NumberFormat(displayLocaleTag(), { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} Byte`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}
