// Which employer the console shows, for an admin of several: their last choice in this tab (kept as
// they move between the console's pages), else the first.
import { useState } from 'react';
import type { ConsoleEmployer } from '@portal/shared/api/employer-console';

const STORAGE_KEY = 'employerConsole.employerId';

function readChoice(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function useChosenEmployer(employers: readonly ConsoleEmployer[]): [ConsoleEmployer | null, (employerId: string) => void] {
  const [chosen, setChosen] = useState<string | null>(readChoice);
  const employer = employers.find(({ id }) => id === chosen) ?? employers[0] ?? null;
  const choose = (employerId: string) => {
    setChosen(employerId);
    try {
      sessionStorage.setItem(STORAGE_KEY, employerId);
    } catch {
      // Private modes may refuse storage: the choice holds on this page.
    }
  };
  return [employer, choose];
}
