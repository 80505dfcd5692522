import type { ComponentType, SVGProps } from 'react';
import type { FeatureFlagSet } from '@kontor/domain/runtime-config';
import { useConfig } from '../lib/config';
import {
  BellIcon,
  CorporateActionIcon,
  DepotIcon,
  DeviceIcon,
  InboxIcon,
  MoneyIcon,
  NotesIcon,
  OrdersIcon,
  SavingsPlanIcon,
  ServiceIcon,
  SettingsIcon,
  TaxIcon,
  WatchlistIcon,
} from '../ui/icons';

export type NavSection = 'trading' | 'messages' | 'account';

export type NavItem = {
  /** i18n key under `nav.` */
  id: string;
  path: string;
  section: NavSection;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** One of the five most used areas, shown in the bottom bar on phones. */
  primary?: boolean;
  /** A feature flag that, when on, takes the area out of the navigation. */
  hiddenBy?: keyof FeatureFlagSet;
};

/** The functional areas of spec §1, with their German URL paths. Depot is the start page. */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'depot', path: '/depot', section: 'trading', icon: DepotIcon, primary: true },
  { id: 'orders', path: '/orders', section: 'trading', icon: OrdersIcon, primary: true },
  { id: 'savingsPlans', path: '/sparplaene', section: 'trading', icon: SavingsPlanIcon, primary: true },
  { id: 'watchlists', path: '/watchlisten', section: 'trading', icon: WatchlistIcon, primary: true },
  { id: 'money', path: '/geldtransfer', section: 'trading', icon: MoneyIcon },
  { id: 'corporateActions', path: '/kapitalmassnahmen', section: 'trading', icon: CorporateActionIcon },
  { id: 'tax', path: '/steuern', section: 'trading', icon: TaxIcon, hiddenBy: 'taxDisabled' },
  { id: 'inbox', path: '/posteingang', section: 'messages', icon: InboxIcon, primary: true },
  { id: 'notifications', path: '/benachrichtigungen', section: 'messages', icon: BellIcon },
  { id: 'notes', path: '/notizen', section: 'messages', icon: NotesIcon },
  { id: 'tickets', path: '/service', section: 'account', icon: ServiceIcon },
  { id: 'settings', path: '/einstellungen', section: 'account', icon: SettingsIcon },
  { id: 'devices', path: '/geraete', section: 'account', icon: DeviceIcon },
];

/** The areas this configuration offers (Steuern is gone when tax is disabled). */
export function useNavItems(): readonly NavItem[] {
  const { featureFlags } = useConfig();
  return NAV_ITEMS.filter((item) => !item.hiddenBy || !featureFlags[item.hiddenBy]);
}

export const NAV_SECTIONS: readonly NavSection[] = ['trading', 'messages', 'account'];

export const START_PATH = '/depot';
