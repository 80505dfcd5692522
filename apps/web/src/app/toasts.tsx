import { useTranslation } from 'react-i18next';
import { useToast, useToastList } from '../lib/toasts';
import { ToastRegion } from '../ui/toast-region';

/** The app's toast viewport, fed by the toast store. */
export function Toasts() {
  const { t } = useTranslation();
  const store = useToast();
  const list = useToastList();
  return <ToastRegion toasts={list} onDismiss={store.dismiss} label={t('toast.region')} closeLabel={t('toast.close')} />;
}
