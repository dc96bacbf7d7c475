// A message with one placeholder that is an element (a link, a bold address): the message is read with
// a marker in the placeholder's place and split around it, so a translation may put it anywhere.
import type { ReactNode } from 'react';

const MARKER = '\u0000';

/** `read(marker)` reads the message with `marker` as the placeholder's value. */
export function withElement(read: (marker: string) => string, element: ReactNode): ReactNode {
  const [before = '', after = ''] = read(MARKER).split(MARKER);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
