module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'api', rootDir: __dirname, environment: 'node' });
