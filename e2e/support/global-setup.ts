import { assertChromiumInstalled } from './chromium';

export default function globalSetup() {
  assertChromiumInstalled();
}
