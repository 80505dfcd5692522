import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  composeRenderProps,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import styles from './tabs.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** Switches between views of one topic (e.g. open / executed orders). Arrow keys move between tabs. */
export function Tabs({ className, ...props }: TabsProps) {
  return <AriaTabs {...props} className={composeRenderProps(className, (extra) => join(styles.tabs, extra))} />;
}

export function TabList<T extends object>({ className, ...props }: TabListProps<T>) {
  return <AriaTabList {...props} className={composeRenderProps(className, (extra) => join(styles.list, extra))} />;
}

export function Tab({ className, ...props }: TabProps) {
  return <AriaTab {...props} className={composeRenderProps(className, (extra) => join(styles.tab, extra))} />;
}

export function TabPanel({ className, ...props }: TabPanelProps) {
  return <AriaTabPanel {...props} className={composeRenderProps(className, (extra) => join(styles.panel, extra))} />;
}
