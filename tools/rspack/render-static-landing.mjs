// Prints what the build writes into the host's page, as JSON: the landing page markup
// (host/src/static-landing/static-landing.tsx). Run by static-landing.mjs as `node --import tsx` in the
// host's folder, so its tsconfig (JSX) applies.
import { pathToFileURL } from 'node:url';
import { localRuntimeConfig } from '../runtime-config.mjs';

/** A host module's exports (the host's .tsx files load as CommonJS: its package.json names no module type). */
async function load(file) {
  const loaded = await import(pathToFileURL(file).href);
  return loaded.default ?? loaded;
}

const [renderPath] = process.argv.slice(2);
const { staticLandingMarkup } = await load(renderPath);
process.stdout.write(
  JSON.stringify({
    // The support contact as the build writes it into config.json.
    markup: staticLandingMarkup(localRuntimeConfig().support),
  }),
);
