module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'remote-employer', rootDir: __dirname });
