import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import './tabs.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** Radix Tabs: arrow keys move between tabs, Home/End jump, the panel is labelled by its tab. */
export function Tabs({ className, ...rest }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={join('ui-tabs', className)} {...rest} />;
}

export function TabsList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={join('ui-tabs__list', className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={join('ui-tabs__trigger', className)} {...rest} />;
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={join('ui-tabs__content', className)} {...rest} />;
}
