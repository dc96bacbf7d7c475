// A message carried to the next screen in the router's location state, for errors that also move
// the user elsewhere (decisions.md: tell the user in a dismissible message). Part of the contract
// between remotes and the host: a remote may send one to any path; the page there, or the host's
// shell, shows it.
/** The next step a notice offers: a link inside the portal. */
export type FlashAction = { label: string; to: string };
export type FlashNotice = { title: string; text: string; action?: FlashAction };

type FlashState = { flashNotice: FlashNotice };

/** Location state that carries `notice` to the next screen: `navigate(to, { state: flashState(n) })`. */
export function flashState(notice: FlashNotice): FlashState {
  return { flashNotice: notice };
}

/** An action that stays inside the portal (a path, never another origin), or null. */
function readAction(action: unknown): FlashAction | null {
  if (typeof action !== 'object' || action === null) return null;
  const { label, to } = action as Partial<FlashAction>;
  if (typeof label !== 'string' || typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//')) return null;
  return { label, to };
}

/** The notice carried by a location's state, or null. */
export function readFlashNotice(state: unknown): FlashNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as Partial<FlashState>).flashNotice;
  if (!notice || typeof notice.title !== 'string' || typeof notice.text !== 'string') return null;
  const action = readAction(notice.action);
  return action ? { title: notice.title, text: notice.text, action } : { title: notice.title, text: notice.text };
}
