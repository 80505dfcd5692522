import { useEffect, useState, type ReactNode } from 'react';
import { Button } from './button';

/**
 * Copies a value to the clipboard (an IBAN, a reference, a secret) and says so on the button for a
 * moment. Not shown where the browser offers no clipboard (an insecure origin).
 */
export function CopyButton({ value, children, copiedLabel, ariaLabel }: { value: string; children: ReactNode; copiedLabel: string; ariaLabel?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={copied ? copiedLabel : ariaLabel}
      onPress={() => {
        void navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? copiedLabel : children}
    </Button>
  );
}
