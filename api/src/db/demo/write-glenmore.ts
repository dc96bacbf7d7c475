// Writes api/demo/glenmore.json from the payroll rules: `pnpm --filter api demo:glenmore`.
import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../../config';
import { glenmoreImportFile } from './glenmore';

const file = path.join(API_ROOT, 'demo', 'glenmore.json');
fs.writeFileSync(file, `${JSON.stringify(glenmoreImportFile(), null, 2)}\n`);
console.log(`demo: wrote ${file}`);
