module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'remote-documents', rootDir: __dirname });
