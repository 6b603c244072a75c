import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/** WAI-ARIA tabs (Radix): the arrow keys move between tabs and select them, only the selected tab is in the tab order. */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  return (
    <RadixTabs.Root
      value={selected}
      onValueChange={(value) => {
        const tab = tabs.find((item) => item.id === value);
        if (tab) onSelect(tab.id);
      }}
      className="space-y-6"
    >
      <RadixTabs.List aria-label={label} className="flex gap-2 border-b border-slate-200">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.id}
            value={tab.id}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-500 hover:text-slate-700 data-[state=active]:border-accent-600 data-[state=active]:text-accent-700"
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={selected}>{children}</RadixTabs.Content>
    </RadixTabs.Root>
  );
}
