module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'host', rootDir: __dirname });
