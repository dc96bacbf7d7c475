module.exports = require('../tools/jest/create-config.cjs')({ displayName: 'remote-onboarding', rootDir: __dirname });
