// Run in the UK time zone, so date tests cover British Summer Time (a CI machine is usually on UTC,
// which hides time zone shifts). Set TZ yourself to try another zone.
process.env.TZ = process.env.TZ || 'Europe/London';
module.exports = require('../tools/jest/create-config.cjs')({
  displayName: 'shared',
  rootDir: __dirname,
  setupFiles: [require.resolve('./src/testing/polyfills.tsx')],
});
