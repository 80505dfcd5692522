import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { CopyButton } from './copy-button';
import styles from './totp-setup-details.module.css';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * What an authenticator app needs: the otpauth:// URI as a QR code and the secret for manual
 * entry. The QR code stays black on white in the dark theme too, so every camera can read it.
 */
export function TotpSetupDetails({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.details}>
      <div className={styles.qr} role="img" aria-label={t('totp.qrLabel')}>
        {/* The wrapper is the image with its name; the drawing itself says nothing more. */}
        <QRCodeSVG value={uri} size={176} marginSize={2} bgColor="#ffffff" fgColor="#000000" level="M" aria-hidden="true" />
      </div>
      <div className={styles.secretBlock}>
        <p className={styles.secretLabel} id="totp-secret-label">
          {t('totp.secretLabel')}
        </p>
        <code className={styles.secret} aria-labelledby="totp-secret-label" data-totp-secret>
          {groupSecret(secret)}
        </code>
        <CopyButton value={secret} copiedLabel={t('totp.copied')}>
          {t('totp.copy')}
        </CopyButton>
      </div>
    </div>
  );
}
