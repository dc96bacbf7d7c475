module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'remote-pay', rootDir: __dirname });
