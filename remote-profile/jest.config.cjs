module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'remote-profile', rootDir: __dirname });
