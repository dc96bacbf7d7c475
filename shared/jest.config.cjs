module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'shared', rootDir: __dirname });
