const path = require('node:path');

module.exports = require('../tools/jest/create-config.cjs')({
  displayName: 'host',
  rootDir: __dirname,
  setupFiles: [path.join(__dirname, 'src', 'testing', 'mock-outside-worlds.ts')],
});
