// Prints the host's landing page markup (host/src/static-landing/static-landing.tsx). Run by
// static-landing.mjs as `node --import tsx` in the host's folder, so its tsconfig (JSX) applies.
import { pathToFileURL } from 'node:url';
import { localRuntimeConfig } from '../runtime-config.mjs';

const loaded = await import(pathToFileURL(process.argv[2]).href);
// The host's .tsx files load as CommonJS (its package.json names no module type).
const { staticLandingMarkup } = loaded.staticLandingMarkup ? loaded : loaded.default;
// The support contact as the build writes it into config.json.
process.stdout.write(staticLandingMarkup(localRuntimeConfig().support));
