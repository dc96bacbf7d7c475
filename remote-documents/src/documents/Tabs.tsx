// Tabs as the WAI-ARIA Authoring Practices describe them: a tablist of tabs, one tabpanel each,
// roving tabindex (only the selected tab is in the Tab order), Left/Right arrows move between tabs
// and wrap, Home/End jump to the first/last; the tab that gets focus is selected at once.
import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

type TabItem<K extends string> = { key: K; label: string; panel: ReactNode };

type TabsProps<K extends string> = {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
};

export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  function focusTab(index: number) {
    const count = tabs.length;
    const next = tabs[((index % count) + count) % count];
    if (!next) return;
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, () => void> = {
      ArrowRight: () => focusTab(index + 1),
      ArrowLeft: () => focusTab(index - 1),
      Home: () => focusTab(0),
      End: () => focusTab(tabs.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  return (
    <div className="docs-tabs">
      <div role="tablist" aria-label={label} className="docs-tabs__list">
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.key)}
              tabIndex={isSelected ? 0 : -1}
              className="docs-tabs__tab"
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== selected}
          tabIndex={0}
          className="docs-tabs__panel"
        >
          {tab.key === selected ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
