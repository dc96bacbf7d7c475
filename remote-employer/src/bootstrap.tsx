// Standalone harness: this remote's pages on their own, for its team (`pnpm --filter remote-employer dev`),
// at the paths of its page list.
import { harnessPages, startRemoteHarness } from '@portal/shared/react/remote-harness';
import pages from './pages';

startRemoteHarness({
  title: 'remote-employer',
  pages: harnessPages(pages, (expose) => import(`./exposed/${expose.slice(2)}`)),
});
